//! `loadtest`: a server under load on loopback, measured. One table is watched by many
//! spectators while its two players move; many more tables of two players move as fast
//! as the server lets them. It reports the time from a move being sent to the last
//! spectator having it (p50, p99), the moves accepted per second, and the server's memory.
//!
//! The server runs as a child process (`serve`, from the same binary) on a fresh SQLite
//! file, so its memory is its own; only loopback addresses are used. With `--processes N`
//! and a PostgreSQL `--db`, N server processes share the tables: the spectators are spread
//! over them, and each table's two players sit on two different processes.

mod audience;
pub mod failover;

use crate::client::{Client, ClientError};
use crate::protocol::{ClientMessage, SeatSpec, ServerMessage, TableInfo};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tabula_ai::games::{AnyGame, parse_kind};
use tabula_ai::with_game;
use tabula_rules::Game;
use tokio::sync::Barrier;

/// What to load the server with.
#[derive(Debug, Clone, clap::Args)]
pub struct LoadArgs {
    /// Spectators of the watched table.
    #[arg(long, default_value_t = 1000)]
    pub spectators: usize,
    /// Other tables, each with two players moving as fast as they may.
    #[arg(long, default_value_t = 100)]
    pub tables: usize,
    /// Moves made at each table.
    #[arg(long, default_value_t = 200)]
    pub moves: usize,
    /// The game played.
    #[arg(long, default_value = "war")]
    pub game: String,
    /// Milliseconds from one move of the watched table to the next (the next goes at once
    /// when the one before took longer to come back to its player), so that each fan-out
    /// is timed on its own rather than queued behind the one before; 0: each move as soon
    /// as the one before came back to its player, the fan-out to the others still under
    /// way (the most the table can be made to move).
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub watched_pace: u64,
    /// The database of the server under test (default: a fresh SQLite file in the
    /// temporary folder).
    #[arg(long)]
    pub db: Option<String>,
    /// Server processes sharing the tables (more than one needs a PostgreSQL `--db`).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub processes: usize,
    /// Instead of the load: tables of computers only on `--processes` processes sharing a
    /// PostgreSQL `--db`, the first process killed, and how long their computer seats
    /// pause before another process takes them over (`--tables` of them).
    #[arg(long)]
    pub failover: bool,
    /// How the server under test has SQLite commit (`full` or `normal`).
    #[arg(long, default_value = "full", value_name = "MODE")]
    pub sqlite_sync: String,
    /// Instead of the load: a small attack, held while two players play (loopback only).
    #[arg(long, value_enum, value_name = "KIND")]
    pub attack: Option<crate::attack::Attack>,
    /// The attack's size: connections, or tables asked for (each kind has its default).
    #[arg(long, value_name = "N", requires = "attack")]
    pub size: Option<usize>,
    /// Addresses the attack comes from: 127.0.0.2 and on.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "attack")]
    pub addresses: usize,
    /// The server program to start and attack (default: this one).
    #[arg(long, value_name = "PATH")]
    pub server_binary: Option<PathBuf>,
    /// Attack the server already listening here (loopback only) instead of starting one;
    /// its memory is then not measured.
    #[arg(long, value_name = "ADDRESS:PORT", requires = "attack")]
    pub target: Option<std::net::SocketAddr>,
}

/// Why the load test failed.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The server could not be started or measured.
    #[error("the server under test: {0}")]
    Server(String),
    /// A client failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The server answered something unexpected.
    #[error("unexpected answer: {0}")]
    Unexpected(String),
    /// Bad arguments.
    #[error("{0}")]
    Arguments(String),
}

/// What was measured.
#[derive(Debug, Clone)]
pub struct LoadReport {
    /// From a move sent on the watched table to its last spectator having it, sorted.
    pub fan_out: Vec<Duration>,
    /// From a move sent on the watched table to its first spectator having it (the move
    /// stored and, with several processes, told to the others), sorted.
    pub first_spectator: Vec<Duration>,
    /// Moves accepted at the tables moving as fast as they may (the watched one too,
    /// unless it is paced and others move).
    pub moves: u64,
    /// How long those tables' moving lasted.
    pub elapsed: Duration,
    /// Each server process's resident memory at its highest, in bytes.
    pub peak_memory: Vec<u64>,
    /// Each server process's resident memory at the end, in bytes.
    pub end_memory: Vec<u64>,
    /// Connections open at once.
    pub connections: usize,
    /// Processor time each server process took while the tables moved, in seconds
    /// (none where it could not be read).
    pub server_cpu: Vec<Option<f64>>,
    /// Processor time this load generator took meanwhile, in seconds.
    pub own_cpu: Option<f64>,
}

impl LoadReport {
    /// The `q` quantile (0 to 1) of the fan-out times.
    pub fn quantile(&self, q: f64) -> Duration {
        quantile(&self.fan_out, q)
    }
}

/// The `q` quantile (0 to 1) of sorted times.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

impl std::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        writeln!(f, "connections open at once: {}", self.connections)?;
        writeln!(
            f,
            "fan-out to every spectator ({} moves): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.fan_out.len(),
            ms(self.quantile(0.5)),
            ms(self.quantile(0.99)),
            ms(self.quantile(1.0))
        )?;
        writeln!(
            f,
            "to the first spectator: p50 {:.1} ms, p99 {:.1} ms",
            ms(quantile(&self.first_spectator, 0.5)),
            ms(quantile(&self.first_spectator, 0.99)),
        )?;
        writeln!(
            f,
            "moves accepted: {} in {:.1} s: {:.0} a second",
            self.moves,
            self.elapsed.as_secs_f64(),
            self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
        )?;
        let mb = |bytes: &[u64]| {
            bytes
                .iter()
                .map(|b| format!("{:.0}", *b as f64 / 1e6))
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            f,
            "server memory (MB, each process): {} at most, {} at the end",
            mb(&self.peak_memory),
            mb(&self.end_memory)
        )?;
        let seconds = |s: Option<f64>| s.map_or("?".to_string(), |s| format!("{s:.1}"));
        write!(
            f,
            "processor time while moving (s): servers {}; this load generator {}",
            self.server_cpu
                .iter()
                .map(|s| seconds(*s))
                .collect::<Vec<_>>()
                .join(", "),
            seconds(self.own_cpu)
        )
    }
}

/// The server process under test.
pub(crate) struct ServerProcess {
    pub(crate) child: Child,
    pub(crate) db: Option<PathBuf>,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(db) = &self.db {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
            }
        }
    }
}

/// Resident memory of a process: (now, highest), in bytes, from /proc.
pub(crate) fn memory(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))?
            .split_whitespace()
            .nth(1)?
            .parse::<u64>()
            .ok()
            .map(|kb| kb * 1024)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

pub(crate) fn free_port() -> Result<u16, LoadError> {
    let probe = std::net::TcpListener::bind("127.0.0.1:0")
        .map_err(|e| LoadError::Server(format!("no free port on loopback: {e}")))?;
    Ok(probe
        .local_addr()
        .map_err(|e| LoadError::Server(e.to_string()))?
        .port())
}

/// A random legal move after `moves`, from the client's own copy of the rules.
pub(crate) fn pick(game: &mut AnyGame, seed: &mut u64) -> Option<String> {
    with_game!(game, g, _k => {
        let mv = g.choose_legal_move(|n| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            (*seed % n as u64) as usize
        })?;
        let text = g.move_text(&mv);
        g.play_unchecked(&mv);
        Some(text)
    })
}

async fn create(lobby: &mut Client, game: &str) -> Result<TableInfo, LoadError> {
    lobby
        .send(&ClientMessage::Create {
            game: game.into(),
            options: String::new(),
            setup: None,
            seats: vec![SeatSpec::Open, SeatSpec::Open],
        })
        .await?;
    match lobby.recv(Duration::from_secs(30)).await? {
        ServerMessage::Created { table } => Ok(table),
        other => Err(LoadError::Unexpected(format!("{other:?}"))),
    }
}

async fn seat(base: &str, table: &TableInfo, seat: usize) -> Result<Client, LoadError> {
    let mut client = Client::connect(&format!("{base}{}", table.id)).await?;
    client
        .send(&ClientMessage::Join {
            seat: Some(table.seats[seat].player.clone()),
            name: Some(format!("Load {seat}")),
            token: None,
            since: 0,
            snapshot: false,
        })
        .await?;
    match client.recv(Duration::from_secs(30)).await? {
        ServerMessage::Joined { .. } => Ok(client),
        other => Err(LoadError::Unexpected(format!("{other:?}"))),
    }
}

/// What the players of one table did.
struct Played {
    /// The instant each move was sent.
    sent: Vec<Instant>,
    /// When the last move came back.
    finished: Instant,
}

/// Two players play `moves` moves at a table; each move waits for the one before to come
/// back, and for `pace` after the one before was sent.
async fn play(
    mut players: [Client; 2],
    table: TableInfo,
    moves: usize,
    seed: u64,
    pace: Duration,
) -> Result<Played, LoadError> {
    let kind = parse_kind(&table.game).map_err(|e| LoadError::Unexpected(e.to_string()))?;
    let mut game = AnyGame::new(kind, &table.options, None)
        .map_err(|e| LoadError::Unexpected(e.to_string()))?;
    let mut seed = seed | 1;
    let mut sent: Vec<Instant> = Vec::new();
    // The newest event each player has read on its own connection.
    let mut seen = [0u64; 2];
    // Events 1 and 2 are the two seatings.
    for ply in 0..moves {
        let Some(text) = pick(&mut game, &mut seed) else {
            break;
        };
        let mover = ply % 2;
        // A player moves once its own connection has told it of the move before, as a
        // person would (not as soon as the other player has it back, perhaps from another
        // process that has not told this one yet).
        if ply > 0 {
            read_up_to(&mut players[mover], &mut seen[mover], 2 + ply as u64, ply).await?;
        }
        if let Some(last) = sent.last().copied() {
            tokio::time::sleep_until(tokio::time::Instant::from_std(last + pace)).await;
        }
        sent.push(Instant::now());
        players[mover]
            .send(&ClientMessage::Move {
                text,
                ply: Some(ply),
            })
            .await?;
        read_up_to(&mut players[mover], &mut seen[mover], 3 + ply as u64, ply).await?;
    }
    let finished = Instant::now();
    for p in players {
        p.close().await;
    }
    Ok(Played { sent, finished })
}

/// Reads a player's messages until its connection has told it of event `n` (`seen`: the
/// newest it had read). Only the event's number is read: the players' own reading is not
/// the server's work.
async fn read_up_to(
    player: &mut Client,
    seen: &mut u64,
    n: u64,
    ply: usize,
) -> Result<(), LoadError> {
    let read = async {
        while *seen < n {
            let text = player.next_text().await?;
            if let Some(event) = event_number(&text) {
                *seen = event;
            } else if text.starts_with(r#"{"type":"error""#) {
                return Err(LoadError::Unexpected(format!("move {ply}: {text}")));
            }
        }
        Ok(())
    };
    tokio::time::timeout(Duration::from_secs(60), read)
        .await
        .map_err(|_| LoadError::Unexpected(format!("move {ply}: event {n} never came")))?
}

/// The number of an `event` message as the server writes it (`{"type":"event","n":N,...`).
fn event_number(text: &str) -> Option<u64> {
    let rest = text.strip_prefix(r#"{"type":"event","n":"#)?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    rest[..end].parse().ok()
}

/// Processor time a process has taken so far (user and system, all its threads), in
/// seconds, from /proc (`self`: this one).
pub(crate) fn processor_time(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    // utime and stime, the 14th and 15th fields of the line: 12th and 13th after the name.
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// The ply of a `moved` event as the server writes it (`"kind":"moved",...,"ply":N`).
fn moved_ply(text: &str) -> Option<usize> {
    if !text.starts_with(r#"{"type":"event""#) || !text.contains(r#""kind":"moved""#) {
        return None;
    }
    let rest = &text[text.find(r#""ply":"#)? + 6..];
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    rest[..end].parse().ok()
}

/// Runs the load test against a server started from `server_binary` (a binary with the
/// `serve` command: `tabula` or `tabula-server`).
pub async fn run(args: &LoadArgs, server_binary: PathBuf) -> Result<LoadReport, LoadError> {
    if args.moves == 0 {
        return Err(LoadError::Arguments("--moves: give at least 1".into()));
    }
    parse_kind(&args.game).map_err(|e| LoadError::Arguments(e.to_string()))?;
    let shared = args
        .db
        .as_deref()
        .is_some_and(|db| db.starts_with("postgres://") || db.starts_with("postgresql://"));
    if args.processes == 0 || (args.processes > 1 && !shared) {
        return Err(LoadError::Arguments(format!(
            "--processes {}: give 1, or several with a --db postgres://... that they share",
            args.processes
        )));
    }
    let (db, file) = match &args.db {
        Some(db) => (db.clone(), None),
        None => {
            let file = std::env::temp_dir().join(format!("tabula-load-{}.db", std::process::id()));
            (format!("sqlite:{}", file.display()), Some(file))
        }
    };
    let mut children = Vec::new();
    let mut bases = Vec::new();
    let mut lobbies = Vec::new();
    let mut file = file;
    for _ in 0..args.processes {
        let (mut child, base, lobby) = start_server(&server_binary, &db, args, 800).await?;
        // The file goes with the first process.
        child.db = file.take();
        children.push(child);
        bases.push(base);
        lobbies.push(lobby);
    }
    let pids: Vec<u32> = children.iter().map(|c| c.child.id()).collect();
    let on = |i: usize| bases[i % bases.len()].as_str();

    // The watched table and its audience, spread over the processes.
    let watched = create(&mut lobbies[0], &args.game).await?;
    let mut spectators = Vec::with_capacity(args.spectators);
    for i in 0..args.spectators {
        let mut c = Client::connect(&format!("{}{}", on(i), watched.id)).await?;
        c.send(&ClientMessage::Watch {
            since: 0,
            snapshot: false,
        })
        .await?;
        spectators.push(c);
    }
    for c in &mut spectators {
        c.recv_until(Duration::from_secs(60), |m| {
            matches!(m, ServerMessage::Events { .. })
        })
        .await?;
    }
    let watched_players = [
        seat(on(0), &watched, 0).await?,
        seat(on(1), &watched, 1).await?,
    ];
    // Each table made on one process, its players on that one and the next.
    let mut games = Vec::new();
    for i in 0..args.tables {
        let processes = lobbies.len();
        let table = create(&mut lobbies[i % processes], &args.game).await?;
        let players = [
            seat(on(i), &table, 0).await?,
            seat(on(i + 1), &table, 1).await?,
        ];
        games.push((players, table));
    }
    let connections = args.spectators + 2 + 2 * args.tables + args.processes;

    // Each spectator notes when each move reaches it.
    let moves = args.moves;
    let pace = Duration::from_millis(args.watched_pace);
    let watch_for = Duration::from_secs(120) + (pace + Duration::from_secs(1)) * moves as u32;
    let sockets = spectators
        .into_iter()
        .map(Client::into_socket)
        .collect::<Result<Vec<_>, _>>()?;
    let barrier = Arc::new(Barrier::new(2));
    let audience = {
        let barrier = barrier.clone();
        tokio::spawn(async move {
            barrier.wait().await;
            audience::watch(sockets, moves, watch_for).await
        })
    };
    barrier.wait().await;
    let sampler = {
        let peak: Arc<Vec<AtomicU64>> = Arc::new(pids.iter().map(|_| AtomicU64::new(0)).collect());
        let p = peak.clone();
        let pids = pids.clone();
        let task = tokio::spawn(async move {
            loop {
                for (pid, peak) in pids.iter().zip(p.iter()) {
                    if let Some((now, _)) = memory(*pid) {
                        peak.fetch_max(now, Ordering::Relaxed);
                    }
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        (peak, task)
    };
    let started = Instant::now();
    let cpu_at_start: Vec<Option<f64>> = pids
        .iter()
        .map(|p| processor_time(&p.to_string()))
        .chain([processor_time("self")])
        .collect();
    let mut players = Vec::new();
    players.push(tokio::spawn(play(watched_players, watched, moves, 1, pace)));
    for (i, (p, table)) in games.into_iter().enumerate() {
        players.push(tokio::spawn(play(
            p,
            table,
            moves,
            i as u64 + 2,
            Duration::ZERO,
        )));
    }
    let mut sent_watched = Vec::new();
    // The moves a second of the tables moving as fast as they may.
    let mut accepted = 0;
    let mut finished = started;
    for (i, task) in players.into_iter().enumerate() {
        let played = task
            .await
            .map_err(|e| LoadError::Unexpected(e.to_string()))??;
        if i > 0 || args.tables == 0 || pace.is_zero() {
            accepted += played.sent.len() as u64;
            finished = finished.max(played.finished);
        }
        if i == 0 {
            sent_watched = played.sent;
        }
    }
    let elapsed = finished.duration_since(started);
    let mut last_seen: Vec<Option<Instant>> = vec![None; sent_watched.len()];
    let mut first_seen: Vec<Option<Instant>> = vec![None; sent_watched.len()];
    let audience = audience
        .await
        .map_err(|e| LoadError::Unexpected(e.to_string()))?;
    for seen in audience {
        for (i, at) in seen.into_iter().enumerate().take(last_seen.len()) {
            let Some(at) = at else {
                return Err(LoadError::Unexpected(format!(
                    "a spectator never saw move {}",
                    i + 1
                )));
            };
            last_seen[i] = Some(last_seen[i].map_or(at, |l: Instant| l.max(at)));
            first_seen[i] = Some(first_seen[i].map_or(at, |l: Instant| l.min(at)));
        }
    }
    let cpu_at_end: Vec<Option<f64>> = pids
        .iter()
        .map(|p| processor_time(&p.to_string()))
        .chain([processor_time("self")])
        .collect();
    let mut cpu: Vec<Option<f64>> = cpu_at_end
        .iter()
        .zip(&cpu_at_start)
        .map(|(end, start)| Some(end.as_ref()? - start.as_ref()?))
        .collect();
    let own_cpu = cpu.pop().flatten();
    sampler.1.abort();
    let mut end_memory = Vec::new();
    let mut peak_memory = Vec::new();
    for (pid, sampled) in pids.iter().zip(sampler.0.iter()) {
        let (end, hwm) = memory(*pid).unwrap_or((0, 0));
        end_memory.push(end);
        peak_memory.push(hwm.max(sampled.load(Ordering::Relaxed)));
    }
    let since_sent = |seen: &[Option<Instant>]| {
        let mut times: Vec<Duration> = sent_watched
            .iter()
            .zip(seen)
            .filter_map(|(s, l)| l.map(|l| l.duration_since(*s)))
            .collect();
        times.sort();
        times
    };
    let fan_out = since_sent(&last_seen);
    let first_spectator = since_sent(&first_seen);
    drop(children);
    Ok(LoadReport {
        fan_out,
        first_spectator,
        moves: accepted,
        elapsed,
        peak_memory,
        end_memory,
        connections,
        server_cpu: cpu,
        own_cpu,
    })
}

/// Starts one server process on a free loopback port; returns it, its address
/// (`ws://.../`) and a connection to its lobby once it listens.
async fn start_server(
    server_binary: &std::path::Path,
    db: &str,
    args: &LoadArgs,
    pace: u64,
) -> Result<(ServerProcess, String, Client), LoadError> {
    let listen = format!("127.0.0.1:{}", free_port()?);
    // An older build measured with `--server-binary` may not know every limit's flag.
    let knows = |flag: &str| {
        Command::new(server_binary)
            .args(["serve", "--help"])
            .output()
            .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains(flag))
    };
    let open_tables: &[&str] = if knows("--tables-per-address") {
        &["--tables-per-address", "100000"]
    } else {
        &[]
    };
    let child = Command::new(server_binary)
        .args(["serve", "--listen", &listen, "--db", db, "--rate", "1000"])
        // Every client here comes from one address: the per-address limits are lifted.
        .args(["--max-per-address", "100000", "--max-connections", "10000"])
        .args([
            "--tables-per-minute",
            "100000",
            "--seat-changes-per-minute",
            "100000",
        ])
        .args(["--sqlite-sync", &args.sqlite_sync])
        .args(["--pace", &pace.to_string(), "--computer-tables", "100000"])
        .args(open_tables)
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| LoadError::Server(format!("{}: {e}", server_binary.display())))?;
    let child = ServerProcess { child, db: None };
    let base = format!("ws://{listen}/");
    for _ in 0..200 {
        if let Ok(lobby) = Client::connect(&base).await {
            return Ok((child, base, lobby));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Err(LoadError::Server(format!("nothing listens on {listen}")))
}

/// Runs `loadtest` on a runtime of its own and prints the report.
pub fn run_command(args: &LoadArgs) -> std::process::ExitCode {
    let binary = match (&args.server_binary, std::env::current_exe()) {
        (Some(b), _) => b.clone(),
        (None, Ok(b)) => b,
        (None, Err(e)) => {
            eprintln!("error: cannot find this program to start the server: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start a runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    if let Some(attack) = args.attack {
        let done = runtime.block_on(crate::attack::run_attacks(
            attack,
            args.size,
            args.addresses,
            binary,
            args.target,
        ));
        return match done {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    if args.failover {
        println!(
            "loadtest --failover: {} tables of computers only, {} processes, the first killed (loopback)",
            args.tables, args.processes
        );
        return match runtime.block_on(failover::run(args, binary)) {
            Ok(report) => {
                println!("{report}");
                std::process::ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    println!(
        "loadtest: {} spectators on one table (a move every {} ms at most), {} more tables of two players, {} moves a table, {}, {} server process(es) (loopback)",
        args.spectators, args.watched_pace, args.tables, args.moves, args.game, args.processes
    );
    match runtime.block_on(run(args, binary)) {
        Ok(report) => {
            println!("{report}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{event_number, moved_ply};
    use crate::protocol::{Event, EventRecord, ServerMessage, TableInfo};

    #[test]
    fn the_ply_and_number_of_an_event_are_read_as_the_server_writes_them() {
        let table = TableInfo {
            id: "t1".into(),
            game: "war".into(),
            title: "The Game of War".into(),
            options: String::new(),
            setup: None,
            seats: Vec::new(),
            ply: 99,
            to_move: None,
            clock: None,
            deadline: None,
            awaiting: None,
            result: None,
            last: 40,
        };
        let message = ServerMessage::Event {
            record: EventRecord {
                n: 40,
                event: Event::Moved {
                    seat: "Blue".into(),
                    text: "I1-I3".into(),
                    ply: 38,
                    to_move: Some("Red".into()),
                    result: None,
                },
            },
            table,
        };
        assert_eq!(moved_ply(&message.to_json()), Some(38));
        assert_eq!(event_number(&message.to_json()), Some(40));
        assert_eq!(event_number(&ServerMessage::Pong.to_json()), None);
        assert_eq!(moved_ply(&ServerMessage::Pong.to_json()), None);
    }
}
