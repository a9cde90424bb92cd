//! Three server processes on one PostgreSQL (a database of the test's own on the cluster
//! `TABULA_TEST_POSTGRES` names, as CI sets; skipped without it): tables made on the first,
//! played from the second and third, watched from all three, each process killed in turn
//! mid-game and started again. Afterwards every acknowledged move is in the log, no event
//! number is used twice, every client has the log as it is, and the computers' tables
//! are finished.

mod common;

use common::{WAIT, a_legal_move, rejoin};
use sqlx::{Connection, Row};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tabula_server::client::Client;
use tabula_server::notice::Notice;
use tabula_server::protocol::{
    ClientMessage, Event, EventRecord, SeatSpec, ServerMessage, TableInfo,
};
use tabula_server::store::{Store, StoreError, StoredTable};

/// Tables of two players, and moves played at each.
const TABLES: usize = 3;
const MOVES: usize = 14;
/// Tables of computers only.
const COMPUTER_TABLES: usize = 2;

/// When each process is killed, one after the other, and started again: (the step at
/// which it is killed, which one, the step at which it is back), at random steps.
fn kills() -> Vec<(usize, usize, usize)> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::from_os_rng();
    let mut order = [0, 1, 2];
    rand::seq::SliceRandom::shuffle(&mut order[..], &mut rng);
    let mut kills = Vec::new();
    let mut step = 1;
    for which in order {
        let at = step + rng.random_range(0..3);
        let back = at + 1 + rng.random_range(0..2);
        kills.push((at, which, back));
        step = back + 1;
    }
    eprintln!("killed and started again at (step, process, step): {kills:?}");
    kills
}

/// A server process on a port of its own.
struct Process {
    port: u16,
    db: String,
    child: Option<Child>,
}

impl Process {
    fn start(db: &str) -> Process {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut p = Process {
            port,
            db: db.to_string(),
            child: None,
        };
        p.restart();
        p
    }

    fn restart(&mut self) {
        let child = Command::new(env!("CARGO_BIN_EXE_tabula-server"))
            .args(["serve", "--listen", &format!("127.0.0.1:{}", self.port)])
            .args(["--db", &self.db, "--pace", "20", "--searches", "1"])
            .args(["--computer-tables", "100", "--tables-per-minute", "1000"])
            .args(["--seat-changes-per-minute", "1000"])
            .stdout(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        self.child = Some(child);
    }

    /// Killed outright (SIGKILL), as a machine that dies.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }

    fn alive(&self) -> bool {
        self.child.is_some()
    }

    fn url(&self, path: &str) -> String {
        format!("ws://127.0.0.1:{}/{path}", self.port)
    }

    async fn connect(&self, path: &str) -> Client {
        for _ in 0..400 {
            if let Ok(c) = Client::connect(&self.url(path)).await {
                return c;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server did not come up at {}", self.url(path));
    }

    async fn get(&self, path: &str) -> String {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", self.port))
            .await
            .unwrap();
        let head = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        stream.write_all(head.as_bytes()).await.unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).await.unwrap();
        response
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A client at a table: a player (with the seat's token) or a spectator, with the log as
/// it has seen it.
struct Follower {
    table: String,
    client: Client,
    at: usize,
    token: Option<String>,
    log: Vec<EventRecord>,
}

impl Follower {
    fn last(&self) -> u64 {
        self.log.len() as u64
    }

    fn moves(&self) -> Vec<String> {
        self.log
            .iter()
            .filter_map(|r| match &r.event {
                Event::Moved { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    fn over(&self) -> bool {
        self.log.iter().any(|r| {
            matches!(
                &r.event,
                Event::Moved {
                    result: Some(_),
                    ..
                }
            )
        })
    }

    fn push(&mut self, record: EventRecord) {
        let n = record.n;
        if n == self.last() + 1 {
            self.log.push(record);
        } else {
            assert!(
                n <= self.last(),
                "table {}: event {n} came after {}",
                self.table,
                self.last()
            );
        }
    }

    /// Takes what concerns the log; returns the rest.
    fn take(&mut self, message: ServerMessage) -> Option<ServerMessage> {
        match message {
            ServerMessage::Event { record, .. } => self.push(record),
            ServerMessage::Events { events } => events.into_iter().for_each(|e| self.push(e)),
            ServerMessage::Snapshot { table, .. } => panic!(
                "table {}: a snapshot at {} for a client at {}",
                self.table,
                table.last,
                self.last()
            ),
            other => return Some(other),
        }
        None
    }

    /// The next message not about the log; `None` when the connection is lost.
    async fn next(&mut self) -> Option<ServerMessage> {
        loop {
            let message = self.client.recv(WAIT).await.ok()?;
            if let Some(other) = self.take(message) {
                return Some(other);
            }
        }
    }

    /// Connects again to the next process alive, with the seat's token (or to watch),
    /// and catches up from the last event it had.
    async fn reconnect(&mut self, processes: &[Process]) {
        let mut at = self.at;
        loop {
            at = (at + 1) % processes.len();
            if processes[at].alive() {
                break;
            }
        }
        self.at = at;
        self.client = processes[at].connect(&self.table).await;
        let since = self.last();
        let message = match &self.token {
            Some(token) => rejoin(token, since),
            None => ClientMessage::Watch {
                since,
                snapshot: false,
            },
        };
        self.client.send(&message).await.unwrap();
        loop {
            match self.client.recv(WAIT).await.expect("the catch-up") {
                ServerMessage::Events { events } => {
                    events.into_iter().for_each(|e| self.push(e));
                    return;
                }
                ServerMessage::Error { code, message, .. } => {
                    panic!("table {}: {code}: {message}", self.table)
                }
                other => {
                    self.take(other);
                }
            }
        }
    }

    /// Reads until the log reaches event `n` (or the game is over, when `n` is 0),
    /// connecting again wherever its process died.
    async fn catch_up(&mut self, n: u64, processes: &[Process]) {
        while self.last() < n || (n == 0 && !self.over()) {
            if !processes[self.at].alive() {
                self.reconnect(processes).await;
                continue;
            }
            match self.client.recv(WAIT).await {
                Ok(message) => {
                    self.take(message);
                }
                Err(_) => self.reconnect(processes).await,
            }
        }
    }
}

async fn join(processes: &[Process], at: usize, table: &str, seat: &str) -> Follower {
    let mut client = processes[at].connect(table).await;
    client
        .send(&ClientMessage::Join {
            seat: Some(seat.into()),
            name: Some(format!("Player at {at}")),
            token: None,
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    let mut follower = Follower {
        table: table.into(),
        client,
        at,
        token: None,
        log: Vec::new(),
    };
    while follower.token.is_none() {
        match follower.next().await.expect("joined") {
            ServerMessage::Joined { token, .. } => follower.token = Some(token),
            ServerMessage::Error { code, message, .. } => panic!("{code}: {message}"),
            _ => {}
        }
    }
    follower
}

async fn watch(processes: &[Process], at: usize, table: &str) -> Follower {
    let mut client = processes[at].connect(table).await;
    client
        .send(&ClientMessage::Watch {
            since: 0,
            snapshot: false,
        })
        .await
        .unwrap();
    let mut follower = Follower {
        table: table.into(),
        client,
        at,
        token: None,
        log: Vec::new(),
    };
    follower.catch_up(1, processes).await;
    follower
}

async fn create(process: &Process, game: &str, seats: Vec<SeatSpec>) -> TableInfo {
    let mut lobby = process.connect("").await;
    lobby
        .send(&ClientMessage::Create {
            game: game.into(),
            options: String::new(),
            setup: None,
            seats,
        })
        .await
        .unwrap();
    match lobby.recv(WAIT).await.unwrap() {
        ServerMessage::Created { table } => table,
        other => panic!("expected created, got {other:?}"),
    }
}

/// A table of two players, each on a process of its own.
struct Game {
    info: TableInfo,
    players: [Follower; 2],
    /// The moves acknowledged: (event number, move).
    acknowledged: Vec<(u64, String)>,
}

impl Game {
    /// Plays the next move from the seat to move, until it is acknowledged: by its event,
    /// or found in the log after its process died.
    async fn play(&mut self, processes: &[Process]) {
        let ply = self.acknowledged.len();
        let known = self.acknowledged.last().map_or(2, |(n, _)| *n);
        let mover = &mut self.players[ply % 2];
        let found = |mover: &Follower, text: &str| {
            mover.log.iter().find_map(|r| match &r.event {
                Event::Moved {
                    ply: p, text: t, ..
                } if *p == ply + 1 && t == text => Some(r.n),
                _ => None,
            })
        };
        loop {
            mover.catch_up(known, processes).await;
            assert_eq!(mover.moves().len(), ply, "table {}", mover.table);
            let text = a_legal_move(&self.info, &mover.moves());
            let sent = mover
                .client
                .send(&ClientMessage::Move {
                    text: text.clone(),
                    ply: Some(ply),
                })
                .await;
            if sent.is_err() {
                mover.reconnect(processes).await;
            }
            // Its event, or a refusal, or the connection lost (then the log tells).
            while found(mover, &text).is_none() {
                let Ok(message) = mover.client.recv(WAIT).await else {
                    mover.reconnect(processes).await;
                    break;
                };
                if let Some(ServerMessage::Error { code, message, .. }) = mover.take(message) {
                    assert_eq!(code, "behind", "table {}: {message}", mover.table);
                    break;
                }
            }
            if let Some(n) = found(mover, &text) {
                self.acknowledged.push((n, text));
                return;
            }
        }
    }
}

/// The log as PostgreSQL holds it: (event number, event).
async fn stored(db: &str, table: &str) -> Vec<(i64, Event)> {
    let mut conn = sqlx::postgres::PgConnection::connect(db).await.unwrap();
    let rows = sqlx::query("SELECT n, body FROM tabula_events WHERE table_id = $1 ORDER BY n")
        .bind(table)
        .fetch_all(&mut conn)
        .await
        .unwrap();
    rows.iter()
        .map(|row| {
            let n: i64 = row.get(0);
            let body: String = row.get(1);
            (n, serde_json::from_str(&body).unwrap())
        })
        .collect()
}

/// A database of the test's own on the cluster given, made afresh.
async fn fresh_database(cluster: &str, test: &str) -> String {
    let name = format!("tabula_{test}_{}", std::process::id());
    let mut conn = sqlx::postgres::PgConnection::connect(cluster)
        .await
        .unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS {name}"
    )))
    .execute(&mut conn)
    .await
    .unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .unwrap();
    let base = cluster.rsplit_once('/').map_or(cluster, |(base, _)| base);
    format!("{base}/{name}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_share_tables_and_survive_kills() {
    let Ok(cluster) = std::env::var("TABULA_TEST_POSTGRES") else {
        eprintln!("TABULA_TEST_POSTGRES is not set: several processes not tested here");
        return;
    };
    let db = fresh_database(&cluster, "cluster").await;
    let mut processes: Vec<Process> = (0..3).map(|_| Process::start(&db)).collect();

    // Tables made on the first process; each played from the second and the third.
    let mut games = Vec::new();
    let mut audience = Vec::new();
    for _ in 0..TABLES {
        let info = create(&processes[0], "war", Vec::new()).await;
        let first = join(&processes, 1, &info.id, &info.seats[0].player).await;
        let second = join(&processes, 2, &info.id, &info.seats[1].player).await;
        for at in 0..3 {
            audience.push(watch(&processes, at, &info.id).await);
        }
        games.push(Game {
            info,
            players: [first, second],
            acknowledged: Vec::new(),
        });
    }
    let computer = || SeatSpec::Computer {
        level: "easy".into(),
    };
    let mut computers = Vec::new();
    for _ in 0..COMPUTER_TABLES {
        let info = create(&processes[0], "war", vec![computer(), computer()]).await;
        for at in 0..3 {
            audience.push(watch(&processes, at, &info.id).await);
        }
        computers.push(info);
    }
    // Every process lists every table.
    for process in &processes {
        let list = process.get("/api/tables").await;
        for id in games
            .iter()
            .map(|g| &g.info.id)
            .chain(computers.iter().map(|c| &c.id))
        {
            assert!(
                list.contains(&format!("\"{id}\"")),
                "{id} missing from {list}"
            );
        }
    }

    let kills = kills();
    // How far each computers' table had gone when a process was killed.
    let mut at_kills = Vec::new();
    for step in 0..MOVES {
        for &(at, which, back) in &kills {
            if step == at {
                for info in &computers {
                    at_kills.push((info.id.clone(), stored(&db, &info.id).await));
                }
                processes[which].kill();
            }
            if step == back {
                processes[which].restart();
            }
        }
        for game in &mut games {
            game.play(&processes).await;
        }
        // The computers' tables go on meanwhile: a move more at each step.
        for follower in audience.iter_mut() {
            if computers.iter().any(|c| c.id == follower.table) && !follower.over() {
                let next = follower.last() + 1;
                follower.catch_up(next, &processes).await;
            }
        }
    }

    // Everyone catches up; the computers' games end.
    for game in &mut games {
        let last = game.acknowledged.last().unwrap().0;
        for player in &mut game.players {
            player.catch_up(last, &processes).await;
        }
    }
    for follower in &mut audience {
        let end = games
            .iter()
            .find(|g| g.info.id == follower.table)
            .map_or(0, |g| g.acknowledged.last().unwrap().0);
        follower.catch_up(end, &processes).await;
    }
    for game in &games {
        let log = stored(&db, &game.info.id).await;
        let numbers: Vec<i64> = log.iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, (1..=log.len() as i64).collect::<Vec<_>>());
        for (n, text) in &game.acknowledged {
            assert!(
                matches!(&log[*n as usize - 1].1, Event::Moved { text: t, .. } if t == text),
                "table {}: acknowledged move {n} {text} is not in the log",
                game.info.id
            );
        }
        assert_eq!(game.acknowledged.len(), MOVES);
        for follower in game
            .players
            .iter()
            .chain(audience.iter().filter(|f| f.table == game.info.id))
        {
            let seen: Vec<Event> = follower.log.iter().map(|r| r.event.clone()).collect();
            let log: Vec<Event> = log.iter().map(|(_, e)| e.clone()).collect();
            assert_eq!(seen, log, "table {}: a client's log differs", game.info.id);
        }
    }
    for info in &computers {
        let log = stored(&db, &info.id).await;
        assert!(
            matches!(
                &log.last().unwrap().1,
                Event::Moved {
                    result: Some(_),
                    ..
                }
            ),
            "table {}: the computers' game is not over",
            info.id
        );
        let numbers: Vec<i64> = log.iter().map(|(n, _)| *n).collect();
        assert_eq!(numbers, (1..=log.len() as i64).collect::<Vec<_>>());
        for follower in audience.iter().filter(|f| f.table == info.id) {
            assert_eq!(follower.last(), log.len() as u64);
        }
    }
    // Whichever process ran a computers' table, the table went on after each kill (its
    // log then a prefix of the log now).
    for (id, then) in at_kills {
        let now = stored(&db, &id).await;
        let over = matches!(
            then.last(),
            Some((
                _,
                Event::Moved {
                    result: Some(_),
                    ..
                }
            ))
        );
        assert!(
            over || now.len() > then.len(),
            "table {id} stopped at a kill"
        );
        assert_eq!(
            now[..then.len()],
            then[..],
            "table {id}: its history forked"
        );
    }
    drop(processes);
    drop_database(&cluster, &db).await;
}

async fn drop_database(cluster: &str, db: &str) {
    let mut conn = sqlx::postgres::PgConnection::connect(cluster)
        .await
        .unwrap();
    let name = db.rsplit('/').next().unwrap();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "DROP DATABASE {name} WITH (FORCE)"
    )))
    .execute(&mut conn)
    .await
    .unwrap();
}

/// Two processes' stores: the second writer of an event number is told that the log moved
/// on and writes nothing, and a listener hears of what was written only, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_second_writer_of_an_event_is_told_it_is_behind() {
    let Ok(cluster) = std::env::var("TABULA_TEST_POSTGRES") else {
        eprintln!("TABULA_TEST_POSTGRES is not set: several processes not tested here");
        return;
    };
    let db = fresh_database(&cluster, "behind").await;
    let first = Store::open(&db).await.unwrap();
    let second = Store::open(&db).await.unwrap();
    let mut listener = sqlx::postgres::PgListener::connect(&db).await.unwrap();
    listener
        .listen(tabula_server::notice::CHANNEL)
        .await
        .unwrap();
    let number = first.new_table_number().await.unwrap().unwrap();
    assert_ne!(second.new_table_number().await.unwrap(), Some(number));
    let table = StoredTable {
        id: format!("t{number}"),
        game: "war".into(),
        options: String::new(),
        setup: None,
        seats: Vec::new(),
        events: Vec::new(),
        invites: Vec::new(),
    };
    first.create_table(&table, 0).await.unwrap();
    let seated = |name: &str| Event::Seated {
        seat: "Red".into(),
        name: name.into(),
    };
    first
        .append(&table.id, 1, &seated("Ann"), None)
        .await
        .unwrap();
    match second.append(&table.id, 1, &seated("Bob"), None).await {
        Err(StoreError::Behind { last, .. }) => assert_eq!(last, 1),
        other => panic!("expected behind, got {other:?}"),
    }
    // A writer whose copy skipped an event is refused too.
    assert!(matches!(
        second.append(&table.id, 3, &seated("Bob"), None).await,
        Err(StoreError::Behind { last: 1, .. })
    ));
    second
        .append(&table.id, 2, &seated("Bob"), None)
        .await
        .unwrap();
    let stored = second.events_after(&table.id, 0).await.unwrap();
    assert_eq!(
        stored
            .into_iter()
            .map(|(n, e, _)| (n, e))
            .collect::<Vec<_>>(),
        vec![(1, seated("Ann")), (2, seated("Bob"))]
    );
    let mut heard = Vec::new();
    while heard.len() < 3 {
        let notification = listener.recv().await.unwrap();
        heard.push(Notice::parse(notification.payload()).unwrap());
    }
    let told = |first: u64, name: &str| Notice::Events {
        table: table.id.clone(),
        first,
        last: first,
        events: Some(vec![(seated(name), None)]),
    };
    assert_eq!(
        heard,
        vec![
            Notice::Created {
                table: table.id.clone()
            },
            told(1, "Ann"),
            told(2, "Bob"),
        ]
    );
    first.close().await;
    second.close().await;
    drop(listener);
    drop_database(&cluster, &db).await;
}

/// Whether a seat of a table shows as `connected` in a process's list, waiting for it as
/// long as a silent process's presence lasts, three times over; false if it never does.
async fn shows_connected(process: &Process, table: &str, seat: usize, connected: bool) -> bool {
    use tabula_server::presence::PRESENT_FOR;
    let deadline = std::time::Instant::now() + 3 * PRESENT_FOR;
    let mut lobby = process.connect("").await;
    loop {
        let list = ClientMessage::List {
            offset: 0,
            limit: None,
        };
        lobby.send(&list).await.unwrap();
        let shown = match lobby.recv(WAIT).await.unwrap() {
            ServerMessage::Tables { tables, .. } => tables
                .iter()
                .find(|t| t.id == table)
                .map(|t| t.seats[seat].connected),
            other => panic!("expected the tables, got {other:?}"),
        };
        if shown == Some(connected) {
            return true;
        }
        if std::time::Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A seat's "connected" mark across processes: a player connected to one process shows as
/// connected in the other's list, as away once the connection closes, and as away again
/// once its process is killed (what it said of its seats is not said again, and lapses).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_on_another_process_shows_connected_until_it_goes_or_its_process_dies() {
    let Ok(cluster) = std::env::var("TABULA_TEST_POSTGRES") else {
        eprintln!("TABULA_TEST_POSTGRES is not set: several processes not tested here");
        return;
    };
    let db = fresh_database(&cluster, "presence").await;
    let mut processes: Vec<Process> = (0..2).map(|_| Process::start(&db)).collect();
    let info = create(&processes[0], "war", Vec::new()).await;
    assert!(shows_connected(&processes[0], &info.id, 0, false).await);

    let first = join(&processes, 1, &info.id, &info.seats[0].player).await;
    assert!(
        shows_connected(&processes[0], &info.id, 0, true).await,
        "a player connected to the other process shows as connected"
    );
    drop(first);
    assert!(
        shows_connected(&processes[0], &info.id, 0, false).await,
        "and as away once its connection closed"
    );

    let _second = join(&processes, 1, &info.id, &info.seats[1].player).await;
    assert!(shows_connected(&processes[0], &info.id, 1, true).await);
    processes[1].kill();
    assert!(
        shows_connected(&processes[0], &info.id, 1, false).await,
        "a killed process's players show as away"
    );
    drop(processes);
    drop_database(&cluster, &db).await;
}
