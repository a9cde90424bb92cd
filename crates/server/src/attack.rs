//! `loadtest --attack KIND`: a small, bounded attack on a server on loopback, measured.
//! The attacker comes from 127.0.0.2 (and on, with `--addresses`), the legitimate player
//! from 127.0.0.1, both to a server on 127.0.0.1: the attack is held while two players
//! play moves at a table, and the report gives what the server holds then (its sockets
//! and its memory, from /proc) and the players' round trip (a move sent to its event
//! back: p50, p99). Loopback only: any other address is refused.

use crate::client::Client;
use crate::loadtest::{LoadError, ServerProcess, free_port, memory, pick};
use crate::protocol::{ClientMessage, SeatSpec, ServerMessage, TableInfo};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tabula_ai::games::{AnyGame, parse_kind};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Attack {
    /// TCP connections that send nothing.
    IdleTcp,
    /// WebSockets opened and then never read or answered.
    IdleWs,
    /// Messages sent in fragments that never end (16 KiB each, up to 1 MiB a connection).
    Fragments,
    /// Tables made as fast as the server answers.
    Tables,
    /// Tables of computers only, at the hardest level.
    Computers,
    /// Binary frames as fast as the socket takes them.
    Binary,
    /// No attack: the players alone, for comparison.
    None,
    /// Each of the above in turn, each on a fresh server.
    All,
}

impl Attack {
    const EACH: [Attack; 7] = [
        Attack::None,
        Attack::IdleTcp,
        Attack::IdleWs,
        Attack::Fragments,
        Attack::Tables,
        Attack::Computers,
        Attack::Binary,
    ];

    /// How many of its units an attack sends unless told: connections, tables, or
    /// connections flooding.
    fn default_size(self) -> usize {
        match self {
            Attack::IdleTcp | Attack::IdleWs => 3_000,
            Attack::Fragments => 200,
            Attack::Tables => 5_000,
            Attack::Computers => 20,
            Attack::Binary => 20,
            Attack::None | Attack::All => 0,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Attack::IdleTcp => "idle-tcp",
            Attack::IdleWs => "idle-ws",
            Attack::Fragments => "fragments",
            Attack::Tables => "tables",
            Attack::Computers => "computers",
            Attack::Binary => "binary",
            Attack::None => "none",
            Attack::All => "all",
        }
    }
}

/// What an attack was, and what it did.
#[derive(Debug, Clone)]
pub struct AttackReport {
    /// The attack.
    pub attack: Attack,
    /// What the attacker sent, and what came of it, in words.
    pub attacker: String,
    /// Sockets the server process held at the end of the attack.
    pub sockets: Option<usize>,
    /// The server's resident memory at the end of the attack, and at its highest, bytes.
    pub memory: Option<(u64, u64)>,
    /// The server's resident memory before the attack, bytes.
    pub before: Option<u64>,
    /// The legitimate players' round trips, sorted.
    pub rounds: Vec<Duration>,
    /// The legitimate players' failures, in words.
    pub failures: Vec<String>,
}

impl std::fmt::Display for AttackReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let q = |q: f64| {
            self.rounds
                .get(((self.rounds.len().max(1) - 1) as f64 * q).round() as usize)
                .copied()
                .unwrap_or_default()
        };
        writeln!(f, "attack {}: {}", self.attack.name(), self.attacker)?;
        let sockets = self.sockets.map_or("?".into(), |n| n.to_string());
        let (now, most) = self.memory.unwrap_or((0, 0));
        writeln!(
            f,
            "  server: {sockets} sockets, {:.0} MB now, {:.0} MB at most ({:.0} MB before)",
            now as f64 / 1e6,
            most as f64 / 1e6,
            self.before.unwrap_or(0) as f64 / 1e6
        )?;
        write!(
            f,
            "  legitimate player: {} moves, round trip p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.rounds.len(),
            ms(q(0.5)),
            ms(q(0.99)),
            ms(q(1.0))
        )?;
        for failure in &self.failures {
            write!(f, "\n  legitimate player failed: {failure}")?;
        }
        Ok(())
    }
}

/// Sockets a process holds, from /proc.
fn sockets(pid: u32) -> Option<usize> {
    let entries = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?;
    Some(
        entries
            .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
            .filter(|target| target.to_string_lossy().starts_with("socket:"))
            .count(),
    )
}

/// The attacker's `i`-th address: 127.0.0.2 and on, over `addresses` of them.
fn attacker(i: usize, addresses: usize) -> IpAddr {
    let k = 2 + (i % addresses.max(1)) as u32;
    IpAddr::V4(Ipv4Addr::from(u32::from(Ipv4Addr::new(127, 0, 0, 0)) + k))
}

const PLAYER: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

async fn tcp_from(local: IpAddr, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind((local, 0).into())?;
    // A server that accepts nothing more leaves a connection waiting in its queue, then
    // unanswered: not for long here.
    tokio::time::timeout(Duration::from_secs(2), socket.connect(server))
        .await
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::TimedOut))?
}

/// A WebSocket's handshake by hand; the stream, if the server answered 101.
async fn raw_websocket(local: IpAddr, server: SocketAddr) -> Option<TcpStream> {
    let mut stream = tcp_from(local, server).await.ok()?;
    let request = format!(
        "GET / HTTP/1.1\r\nHost: {server}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut head = [0u8; 12];
    tokio::time::timeout(Duration::from_secs(5), stream.read_exact(&mut head))
        .await
        .ok()?
        .ok()?;
    head.starts_with(b"HTTP/1.1 101").then_some(stream)
}

/// Two legitimate players at a table of their own: `moves` moves, one every `every`, each
/// timed from being sent to its event coming back.
async fn play(base: &str, moves: usize, every: Duration) -> (Vec<Duration>, Vec<String>) {
    let mut failures = Vec::new();
    let mut rounds = Vec::new();
    let result: Result<(), LoadError> = async {
        let mut lobby = Client::connect_from(base, PLAYER).await?;
        lobby
            .send(&ClientMessage::Create {
                game: "war".into(),
                options: String::new(),
                setup: None,
                seats: vec![SeatSpec::Open, SeatSpec::Open],
            })
            .await?;
        let table: TableInfo = match lobby.recv(Duration::from_secs(30)).await? {
            ServerMessage::Created { table } => table,
            other => return Err(LoadError::Unexpected(format!("{other:?}"))),
        };
        let mut players = Vec::new();
        for seat in &table.seats {
            let mut c = Client::connect_from(&format!("{base}{}", table.id), PLAYER).await?;
            c.send(&ClientMessage::Join {
                seat: Some(seat.player.clone()),
                name: Some("Player".into()),
                token: None,
                since: 0,
                snapshot: false,
            })
            .await?;
            c.recv_until(Duration::from_secs(30), |m| {
                matches!(m, ServerMessage::Events { .. })
            })
            .await?;
            players.push(c);
        }
        let kind = parse_kind("war").map_err(|e| LoadError::Unexpected(e.to_string()))?;
        let mut game =
            AnyGame::new(kind, "", None).map_err(|e| LoadError::Unexpected(e.to_string()))?;
        let mut seed = 7u64;
        for ply in 0..moves {
            let Some(text) = pick(&mut game, &mut seed) else {
                break;
            };
            let mover = &mut players[ply % 2];
            let sent = Instant::now();
            mover
                .send(&ClientMessage::Move {
                    text,
                    ply: Some(ply),
                })
                .await?;
            let want = format!(r#"{{"type":"event","n":{},"#, 3 + ply);
            loop {
                let text = mover.recv_text(Duration::from_secs(30)).await?;
                if text.starts_with(&want) {
                    break;
                }
                if text.starts_with(r#"{"type":"error""#) {
                    return Err(LoadError::Unexpected(text));
                }
            }
            rounds.push(sent.elapsed());
            tokio::time::sleep(every).await;
        }
        Ok(())
    }
    .await;
    if let Err(e) = result {
        failures.push(e.to_string());
    }
    rounds.sort();
    (rounds, failures)
}

/// The attack, started: what it holds lives as long as this.
struct Running {
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    held: Vec<TcpStream>,
    clients: Vec<Client>,
    counts: Arc<[AtomicU64; 2]>,
}

/// Starts an attack of `size` on the server at `server` and waits until it is in place
/// (the connections opened, or the flood under way).
async fn launch(attack: Attack, size: usize, addresses: usize, server: SocketAddr) -> Running {
    let base = format!("ws://{server}/");
    let stop = Arc::new(AtomicBool::new(false));
    let counts: Arc<[AtomicU64; 2]> = Arc::new([AtomicU64::new(0), AtomicU64::new(0)]);
    let mut running = Running {
        stop: stop.clone(),
        tasks: Vec::new(),
        held: Vec::new(),
        clients: Vec::new(),
        counts: counts.clone(),
    };
    let count = |i: usize| counts[i].fetch_add(1, Ordering::Relaxed);
    match attack {
        Attack::IdleTcp => {
            let mut failed = 0;
            for i in 0..size {
                match tcp_from(attacker(i, addresses), server).await {
                    Ok(s) => {
                        failed = 0;
                        running.held.push(s);
                    }
                    Err(_) => {
                        count(1);
                        failed += 1;
                        // The server takes no more at all: the rest would wait as long.
                        if failed == 10 {
                            counts[1].fetch_add((size - i - 1) as u64, Ordering::Relaxed);
                            break;
                        }
                    }
                }
            }
        }
        Attack::IdleWs => {
            for i in 0..size {
                match raw_websocket(attacker(i, addresses), server).await {
                    Some(s) => running.held.push(s),
                    None => {
                        count(1);
                    }
                }
            }
        }
        Attack::Fragments => {
            let piece = "x".repeat(16 * 1024);
            for i in 0..size {
                let connect = Client::connect_from(&base, attacker(i, addresses));
                let Ok(Ok(mut c)) = tokio::time::timeout(Duration::from_secs(5), connect).await
                else {
                    count(1);
                    continue;
                };
                for k in 0..64 {
                    if c.send_fragment(&piece, k == 0, false).await.is_err() {
                        break;
                    }
                    count(0);
                }
                running.clients.push(c);
            }
        }
        Attack::Tables | Attack::Computers => {
            let seats = if attack == Attack::Computers {
                vec![
                    SeatSpec::Computer {
                        level: "hard".into()
                    };
                    2
                ]
            } else {
                vec![SeatSpec::Open, SeatSpec::Open]
            };
            // Many lobbies, each as fast as its connection's rate lets it.
            let lobbies = if attack == Attack::Tables {
                size.div_ceil(100)
            } else {
                1
            };
            let each = size.div_ceil(lobbies);
            for l in 0..lobbies {
                let (base, seats, stop, counts) =
                    (base.clone(), seats.clone(), stop.clone(), counts.clone());
                let from = attacker(l, addresses);
                running.tasks.push(tokio::spawn(async move {
                    let Ok(mut lobby) = Client::connect_from(&base, from).await else {
                        return;
                    };
                    for _ in 0..each {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let create = ClientMessage::Create {
                            game: "war".into(),
                            options: String::new(),
                            setup: None,
                            seats: seats.clone(),
                        };
                        if lobby.send(&create).await.is_err() {
                            break;
                        }
                        match lobby.recv(Duration::from_secs(30)).await {
                            Ok(ServerMessage::Created { .. }) => {
                                counts[0].fetch_add(1, Ordering::Relaxed);
                            }
                            Ok(_) => {
                                counts[1].fetch_add(1, Ordering::Relaxed);
                            }
                            Err(_) => break,
                        }
                    }
                }));
            }
            if attack == Attack::Computers {
                for t in running.tasks.drain(..) {
                    let _ = t.await;
                }
            } else {
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
        Attack::Binary => {
            for i in 0..size {
                let (base, stop, counts) = (base.clone(), stop.clone(), counts.clone());
                let from = attacker(i, addresses);
                running.tasks.push(tokio::spawn(async move {
                    let Ok(mut c) = Client::connect_from(&base, from).await else {
                        return;
                    };
                    while !stop.load(Ordering::Relaxed) {
                        for _ in 0..100 {
                            if c.send_binary(b"\x00\x01\x02\x03").await.is_err() {
                                return;
                            }
                            counts[0].fetch_add(1, Ordering::Relaxed);
                        }
                        // The replies, read as they come.
                        while c.recv_text(Duration::ZERO).await.is_ok() {
                            counts[1].fetch_add(1, Ordering::Relaxed);
                        }
                        tokio::task::yield_now().await;
                    }
                }));
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        Attack::None | Attack::All => {}
    }
    running
}

impl Running {
    fn describe(&self, attack: Attack, size: usize, addresses: usize) -> String {
        let (a, b) = (
            self.counts[0].load(Ordering::Relaxed),
            self.counts[1].load(Ordering::Relaxed),
        );
        let from = format!(
            "from {addresses} address{}",
            if addresses == 1 { "" } else { "es" }
        );
        match attack {
            Attack::IdleTcp | Attack::IdleWs => {
                let open = self.held.iter().filter(|s| s.peer_addr().is_ok()).count();
                format!("{size} connections {from}: {} opened, {b} refused", open)
            }
            Attack::Fragments => format!(
                "{size} connections {from}, 16 KiB fragments: {a} sent, {} connections refused",
                b
            ),
            Attack::Tables | Attack::Computers => {
                format!("{size} tables asked for {from}: {a} made, {b} refused")
            }
            Attack::Binary => {
                format!("{size} connections {from}: {a} binary frames sent, {b} replies read")
            }
            Attack::None | Attack::All => "nothing".into(),
        }
    }

    async fn end(self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.tasks {
            t.abort();
        }
        drop(self.held);
        drop(self.clients);
    }
}

/// Runs one attack against a fresh server started from `binary` (or the one at `target`).
pub async fn run_attack(
    attack: Attack,
    size: Option<usize>,
    addresses: usize,
    binary: PathBuf,
    target: Option<SocketAddr>,
) -> Result<AttackReport, LoadError> {
    let size = size.unwrap_or(attack.default_size());
    let (server, child) = match target {
        Some(t) => (t, None),
        None => {
            let port = free_port()?;
            let file = std::env::temp_dir().join(format!(
                "tabula-attack-{}-{}.db",
                std::process::id(),
                attack.name()
            ));
            let listen = format!("127.0.0.1:{port}");
            let db = format!("sqlite:{}", file.display());
            let child = Command::new(&binary)
                .args(["serve", "--listen", &listen, "--db", &db])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| LoadError::Server(format!("{}: {e}", binary.display())))?;
            let child = ServerProcess {
                child,
                db: Some(file),
            };
            let addr: SocketAddr = listen.parse().expect("an address");
            let mut up = false;
            for _ in 0..200 {
                if TcpStream::connect(addr).await.is_ok() {
                    up = true;
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            if !up {
                return Err(LoadError::Server("it did not come up".into()));
            }
            (addr, Some(child))
        }
    };
    let pid = child.as_ref().map(|c| c.child.id());
    let peak = Arc::new(AtomicU64::new(0));
    let sampler = pid.map(|pid| {
        let peak = peak.clone();
        tokio::spawn(async move {
            loop {
                if let Some((now, _)) = memory(pid) {
                    peak.fetch_max(now, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    });
    let before = pid.and_then(memory).map(|(now, _)| now);
    let running = launch(attack, size, addresses, server).await;
    let base = format!("ws://{server}/");
    // A player shut out altogether waits for an answer that never comes: a minute at most.
    let (rounds, failures) = match tokio::time::timeout(
        Duration::from_secs(60),
        play(&base, 150, Duration::from_millis(30)),
    )
    .await
    {
        Ok(played) => played,
        Err(_) => (
            Vec::new(),
            vec!["no answer within a minute: shut out".to_string()],
        ),
    };
    let attacker = running.describe(attack, size, addresses);
    let sockets = pid.and_then(sockets);
    let memory = pid
        .and_then(memory)
        .map(|(now, _)| (now, peak.load(Ordering::Relaxed).max(now)));
    running.end().await;
    if let Some(s) = sampler {
        s.abort();
    }
    drop(child);
    Ok(AttackReport {
        attack,
        attacker,
        sockets,
        memory,
        before,
        rounds,
        failures,
    })
}

/// Runs `loadtest --attack` and prints each report.
pub async fn run_attacks(
    attack: Attack,
    size: Option<usize>,
    addresses: usize,
    binary: PathBuf,
    target: Option<SocketAddr>,
) -> Result<(), LoadError> {
    if let Some(t) = target
        && !t.ip().is_loopback()
    {
        return Err(LoadError::Arguments(format!(
            "--target {t}: the attacks are only made on loopback (127.0.0.1, ::1)"
        )));
    }
    let _ = crate::server::raise_open_files();
    let attacks: Vec<Attack> = if attack == Attack::All {
        Attack::EACH.to_vec()
    } else {
        vec![attack]
    };
    for a in attacks {
        let report = run_attack(a, size, addresses, binary.clone(), target).await?;
        println!("{report}");
    }
    Ok(())
}
