//! Playing on the page, in a real browser (headless Chromium over its DevTools protocol):
//! each of the five games is made in the lobby (its options, a starting position, who sits
//! where) and played to its end by clicks and taps on the board and its buttons, at a
//! desk's size or a phone's, against the server's computer or a second player's page in a
//! browser context of its own who took the seat through the invitation link or sat down in
//! the seat left open: a Camelot
//! charge, a War jump chain, a Transport launch and plane flight, the fence race's
//! relocations, throws and walks, and a Screwball attack with its penalty pieces. A reload
//! in the middle of a game takes the seat back. Screenshots of each game at both sizes are
//! left in the temporary folder, to be looked at.
//!
//! Without Chromium installed the test says so and passes, unless
//! `TABULA_REQUIRE_BROWSER=1` (as CI sets, after installing it).

mod browser;
mod common;

use browser::{Browser, Tab, chromium, fresh_folder};
use common::config;
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;
use tabula_ai::games::{AnyGame, parse_kind};
use tabula_rules::Game;
use tabula_server::start;

/// Who plays a scripted move: the player who made the table, or the invited friend.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Who {
    Me,
    Friend,
}

/// One game to play from the lobby.
struct Case {
    game: &'static str,
    /// Rules options set in the lobby's form: (option, value).
    options: &'static [(&'static str, &'static str)],
    /// The starting position typed into the form.
    setup: Option<&'static str>,
    /// Each player's seat in the form: `me`, `invite`, or a computer's level.
    seats: &'static [(&'static str, &'static str)],
    /// The moves, in order, with who plays each; empty for the fence race, played by a
    /// rule of thumb until home.
    moves: &'static [(Who, &'static str)],
    /// The result announced at the end.
    result: &'static str,
    /// Played on a phone's screen, by taps.
    phone: bool,
    /// Reload my page after this many moves of the script.
    reload_after: Option<usize>,
    /// The clock chosen in the form: `""` for none, `"1"` seconds a move, `"86400"` days.
    clock: &'static str,
}

const CASES: &[Case] = &[
    // A knight's charge: it canters over its own man and jumps the last black piece.
    Case {
        game: "camelot",
        options: &[],
        setup: Some("White knights: E5;White men: E6 B4;Black men: E8;White to move"),
        seats: &[("White", "me"), ("Black", "easy")],
        moves: &[(Who::Me, "E5-E7xE9")],
        result: "White wins",
        phone: true,
        reload_after: None,
        clock: "",
    },
    // Problem I of Maxim's book, opened by a troop's jump chain over two troops.
    Case {
        game: "war",
        options: &[],
        setup: Some(
            "Red: K at KF2, M at GF2, C at GF8, T at GH3, T at GM4, F on station, F on station, T at K5;Blue: K at G2, G at KF5, F at KF2, F at GF2, T at GC4, T at GH3, T at GM5, T at G5, T at GC3;Red to move",
        ),
        seats: &[("Red", "me"), ("Blue", "invite")],
        moves: &[
            (Who::Me, "T takes T, T"),
            (Who::Friend, "T to M6"),
            (Who::Me, "M to K2"),
            (Who::Friend, "G to G3"),
            (Who::Me, "M to Citadel"),
            (Who::Friend, "K takes M"),
            (Who::Me, "C takes K"),
        ],
        result: "Red wins",
        phone: false,
        reload_after: Some(3),
        clock: "86400",
    },
    // A carrier strike: a plane launched beside its carrier flies on, turns and bombs the
    // enemy transport.
    Case {
        game: "transport",
        options: &[],
        setup: None,
        seats: &[("Fleet 1", "me"), ("Fleet 2", "open")],
        moves: &[
            (Who::Me, "launch plane d3 N"),
            (Who::Friend, "D b11-b9"),
            (Who::Me, "advance plane d3-d5 N"),
            (Who::Friend, "D b9-b8"),
            (Who::Me, "advance plane d5-d7 N"),
            (Who::Friend, "S j10-i9"),
            (Who::Me, "advance plane d7-d9 NE"),
            (Who::Friend, "S i9-h8"),
            (Who::Me, "advance plane d9-f11 NE"),
        ],
        result: "Fleet 1 wins",
        phone: true,
        reload_after: Some(2),
        clock: "",
    },
    // Two from home, against the computer fenced in on its station by two of Red's fences
    // (which Red never moves): a fence moved, the die thrown, a walk, until the exact
    // count takes the pawn home.
    Case {
        game: "fences",
        options: &[],
        setup: Some(
            "Red pawn g4;Red fences a1|a2 b1|b2 c1|c2 d1|d2 l13|m13 m12|m13;Green pawn m13;Green fences i11|i12 g11|g12 e11|e12 h10|h11 f10|f11 g9|g10;turn Red",
        ),
        seats: &[("Red", "me"), ("Green", "easy")],
        moves: &[],
        result: "Red wins",
        phone: false,
        reload_after: None,
        clock: "",
    },
    // Attacks that spend the balls' reserve with their penalty pieces.
    Case {
        game: "screwball",
        options: &[("large", "4"), ("small", "6")],
        setup: Some(
            "Screws large: a12;Screws small: k11;Balls large: c11 a3;Balls small: a10 c9 c12 g7;Screws to move",
        ),
        seats: &[("Screws", "me"), ("Balls", "easy")],
        moves: &[(Who::Me, "a12-b12+a1+c2+c1"), (Who::Me, "k11-i9+e1")],
        result: "Screws wins",
        phone: true,
        reload_after: None,
        clock: "",
    },
];

/// A JavaScript string literal.
fn js(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

/// The page's players: mine, and the friend's where one was invited.
struct Players {
    me: Tab,
    friend: Option<Tab>,
}

/// Makes the table of `case` in the lobby shown in `me`, and seats the friend (a page of
/// its own) through the invitation link, or at the table's page in the seat left open;
/// returns the table's name.
async fn make_table(b: &mut Browser, base: &str, case: &Case, me: &Tab) -> (String, Option<Tab>) {
    b.navigate(me, &format!("{base}/")).await;
    b.wait_for(
        me,
        "typeof version !== 'undefined' && version >= 0 && document.querySelectorAll('#game option').length === 5 && document.querySelectorAll('#seats select').length > 0",
        "the lobby's games",
    )
    .await;
    b.eval(me, "document.getElementById('name').value = 'Ann'")
        .await;
    b.eval(
        me,
        &format!(
            "(() => {{ const g = document.getElementById('game'); g.value = {}; g.dispatchEvent(new Event('change')); }})()",
            js(case.game)
        ),
    )
    .await;
    b.wait_for(
        me,
        &format!(
            "document.getElementById('blurb').textContent.length > 0 && (document.getElementById('opt-{}') !== null || {})",
            case.options.first().map_or("none", |o| o.0),
            case.options.is_empty()
        ),
        "the game's options",
    )
    .await;
    for (option, value) in case.options {
        b.eval(
            me,
            &format!(
                "(() => {{ const e = document.getElementById('opt-' + {}); e.value = {}; e.dispatchEvent(new Event('change', {{bubbles: true}})); }})()",
                js(option),
                js(value)
            ),
        )
        .await;
    }
    // The seats' rows follow the game's players.
    let players: Vec<&str> = case.seats.iter().map(|s| s.0).collect();
    b.wait_for(
        me,
        &format!(
            "JSON.stringify([...document.querySelectorAll('#seats label')].map(l => l.firstChild.textContent.trim())) === {}",
            js(&serde_json::to_string(&players).unwrap())
        ),
        "a seat for each player",
    )
    .await;
    for (i, (_, who)) in case.seats.iter().enumerate() {
        b.eval(
            me,
            &format!(
                "(() => {{ const s = document.querySelector('[data-seat=\"{i}\"]'); s.value = {}; s.dispatchEvent(new Event('change', {{bubbles: true}})); }})()",
                js(who)
            ),
        )
        .await;
    }
    b.eval(
        me,
        &format!(
            "(() => {{ const c = document.getElementById('clock'); c.value = {}; c.dispatchEvent(new Event('change')); }})()",
            js(case.clock)
        ),
    )
    .await;
    if let Some(setup) = case.setup {
        b.eval(
            me,
            &format!(
                "document.querySelector('details').open = true; document.getElementById('setup').value = {}",
                js(setup)
            ),
        )
        .await;
    }
    let make = b
        .wait_for(
            me,
            "(() => { const e = document.getElementById('make'); if (e.disabled) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + r.height / 2; return document.elementFromPoint(x, y) === e ? [x, y] : null; })()",
            "the button that makes the table",
        )
        .await;
    b.press(me, point(&make), case.phone).await;
    let invited = case.seats.iter().any(|s| s.1 == "invite");
    let mut friend = None;
    if invited {
        let link = b
            .wait_for(
                me,
                "(document.querySelector('[data-link]') || {}).value",
                "the invitation link",
            )
            .await;
        let link = link.as_str().unwrap().to_string();
        assert!(link.contains("?invite="), "{link}");
        // The lobby keeps the friend's code, for the table's page to show again.
        let code = link.split("?invite=").nth(1).unwrap_or_default();
        let kept = b
            .eval(me, "localStorage.getItem('tabula.invites') || ''")
            .await;
        assert!(kept.as_str().unwrap_or_default().contains(code), "{kept}");
        let tab = b.open(&link).await;
        b.size(&tab, case.phone).await;
        friend = Some(tab);
        let go = b
            .wait_for(
                me,
                "(() => { const e = document.getElementById('go'); if (!e) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + r.height / 2; return document.elementFromPoint(x, y) === e ? [x, y] : null; })()",
                "the way to the table",
            )
            .await;
        b.press(me, point(&go), case.phone).await;
    }
    let table = b
        .wait_for(
            me,
            "typeof TABLE === 'string' && mine ? TABLE : null",
            "my seat at the new table",
        )
        .await;
    let table = table.as_str().unwrap().to_string();
    // A seat left open is taken by a friend who comes to the table's page and sits down.
    if let Some((player, _)) = case.seats.iter().find(|s| s.1 == "open") {
        let tab = b.open(&format!("{base}/{table}")).await;
        b.size(&tab, case.phone).await;
        b.eval(&tab, "document.getElementById('name').value = 'Bob'")
            .await;
        let sit = b
            .wait_for(
                &tab,
                &format!(
                    "(() => {{ const e = document.querySelector(`[data-sit=\"${{CSS.escape({})}}\"]`); if (!e || !document.getElementById('board').dataset.ply) return null; e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + r.height / 2; return document.elementFromPoint(x, y) === e ? [x, y] : null; }})()",
                    js(player)
                ),
                "the open seat's button",
            )
            .await;
        b.press(&tab, point(&sit), case.phone).await;
        b.wait_for(
            &tab,
            &format!("mine === {}", js(player)),
            "the friend seated",
        )
        .await;
        friend = Some(tab);
    }
    (table, friend)
}

fn point(value: &Value) -> (f64, f64) {
    (
        value[0].as_f64().expect("a point"),
        value[1].as_f64().expect("a point"),
    )
}

/// The game as the page shows it: the table's options and setup, and its moves replayed.
async fn mirror(b: &mut Browser, tab: &Tab, game: &str) -> AnyGame {
    let state = b
        .eval(
            tab,
            "JSON.stringify({options: info.options, setup: info.setup || null, moves: moves.map(m => m.text)})",
        )
        .await;
    let state: Value = serde_json::from_str(state.as_str().unwrap()).unwrap();
    let mut g = AnyGame::new(
        parse_kind(game).unwrap(),
        state["options"].as_str().unwrap(),
        state["setup"].as_str(),
    )
    .unwrap();
    let moves: Vec<String> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    g.play_texts(&moves).unwrap();
    g
}

/// Waits until it is this page's turn; the legal moves it was given: (text, path, chance).
async fn my_turn(b: &mut Browser, tab: &Tab) -> Vec<(String, Vec<String>, bool)> {
    let legal = b
        .wait_for(
            tab,
            "myTurn() && document.getElementById('board').dataset.ply == String(info.ply) ? JSON.stringify(legal.moves) : null",
            "my turn",
        )
        .await;
    let moves: Vec<Value> = serde_json::from_str(legal.as_str().unwrap()).unwrap();
    moves
        .iter()
        .map(|m| {
            (
                m["text"].as_str().unwrap().to_string(),
                m["path"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap().to_string())
                    .collect(),
                m["chance"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

/// Clicks (or taps) each spot of `path` in turn: a spot on the board, or a button beside
/// it; after each but the last, the page lights up where the move may go on.
async fn click_path(
    b: &mut Browser,
    tab: &Tab,
    path: &[String],
    phone: bool,
    shot: Option<&std::path::Path>,
) {
    let ply = b.eval(tab, "info.ply").await;
    for (i, spot) in path.iter().enumerate() {
        let at = b
            .wait_for(
                tab,
                &format!(
                    "(() => {{ const s = {}; const e = document.querySelector(`#board [data-spot=\"${{CSS.escape(s)}}\"]`) || [...document.querySelectorAll('#choices button')].find(b => b.dataset.choice === s); if (!e) return null; e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); const x = r.x + r.width / 2, y = r.y + r.height / 2; const top = document.elementFromPoint(x, y); return top === e ? [x, y] : null; }})()",
                    js(spot)
                ),
                &format!("the spot {spot} to click"),
            )
            .await;
        b.press(tab, point(&at), phone).await;
        if i + 1 < path.len() {
            let clicked = serde_json::to_string(&path[..=i].join(" ")).unwrap();
            b.wait_for(
                tab,
                &format!("document.getElementById('board').dataset.path === {clicked}"),
                &format!("the clicks so far, {:?}", &path[..=i]),
            )
            .await;
            let next = &path[i + 1];
            let lit = b
                .eval(
                    tab,
                    &format!(
                        "(() => {{ const s = {}; const e = document.querySelector(`#board [data-spot=\"${{CSS.escape(s)}}\"]`); return e ? e.classList.contains('target') : [...document.querySelectorAll('#choices button')].some(b => b.dataset.choice === s); }})()",
                        js(next)
                    ),
                )
                .await;
            assert_eq!(
                lit,
                Value::Bool(true),
                "{next} is not offered after {:?}",
                &path[..=i]
            );
            if let Some(shot) = shot.filter(|_| i == 0) {
                b.screenshot(tab, shot).await;
            }
        }
    }
    b.wait_for(tab, &format!("info.ply > {ply}"), "the move played")
        .await;
}

/// Plays the scripted move `text` on `tab`: the page's legal move that is the same move
/// (read by the rules), made by its clicks.
async fn play(
    b: &mut Browser,
    tab: &Tab,
    game: &str,
    text: &str,
    phone: bool,
    shot: Option<&std::path::Path>,
) {
    let legal = my_turn(b, tab).await;
    let g = mirror(b, tab, game).await;
    let wanted = tabula_ai::with_game!(&g, g, _k => {
        let mv = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        legal
            .iter()
            .find(|(t, _, chance)| !chance && g.parse_move(t).as_ref() == Ok(&mv))
            .map(|(_, path, _)| path.clone())
    })
    .unwrap_or_else(|| panic!("{text} is not among the page's moves"));
    click_path(b, tab, &wanted, phone, shot).await;
}

/// The relocations the fence race's rule of thumb never makes.
const KEEP: [&str; 2] = ["fence l13|m13", "fence m12|m13"];

/// The fence race by a rule of thumb: each turn a fence moved where it lengthens my way
/// home least, the die thrown, and the walk that ends nearest home (home itself when the
/// count is exact), until my pawn is home.
async fn race_home(b: &mut Browser, tab: &Tab, phone: bool) {
    // A step a round (fence, throw, walk): 240 make 80 turns, each with one chance in six
    // of the exact throw home, so that chance alone never fails the test.
    for _ in 0..240 {
        if b.eval(tab, "!!info.result").await == Value::Bool(true) {
            return;
        }
        let legal = my_turn(b, tab).await;
        if let Some((_, path, _)) = legal.iter().find(|m| m.2) {
            click_path(b, tab, path, phone, None).await;
            continue;
        }
        let g = mirror(b, tab, "fences").await;
        let tabula_ai::games::AnyGame::Fences(f) = &g else {
            panic!("not the fence race")
        };
        let me = f.to_move();
        // The fences that shut the computer's pawn in stay where they are.
        let best = legal
            .iter()
            .filter(|(text, _, _)| !KEEP.iter().any(|slot| text.starts_with(slot)))
            .min_by_key(|(text, _, _)| {
                let mut after = f.clone();
                let mv = after.parse_move(text).unwrap();
                after.play(&mv).unwrap();
                if after.outcome().is_over() {
                    return 0;
                }
                after.distance_to_goal(&me).unwrap_or(1000)
            })
            .unwrap();
        click_path(b, tab, &best.1, phone, None).await;
    }
    panic!("the pawn did not get home in 80 turns");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_game_is_made_in_the_lobby_and_played_to_its_end_by_clicks() {
    let Some(bin) = chromium() else {
        return;
    };
    let dir = fresh_folder("play-page");
    let running = start(config(&format!(
        "sqlite:{}",
        dir.join("tables.db").display()
    )))
    .await
    .unwrap();
    let base = format!("http://{}", running.addr);
    let mut b = Browser::launch(&bin, &dir.join("profile")).await;
    let mut shots: Vec<PathBuf> = Vec::new();
    let mut tables = Vec::new();
    // My browser, the same for every game, so that its lobby lists them all.
    let mine = b.open("about:blank").await;
    for case in CASES {
        let me = mine.clone();
        b.size(&me, case.phone).await;
        let (table, friend) = make_table(&mut b, &base, case, &me).await;
        if !case.clock.is_empty() {
            // A day a move: the time left shows beside whose turn it is.
            let clock = b.eval(&me, "String(info.clock)").await;
            assert_eq!(clock.as_str(), Some(case.clock));
            b.wait_for(
                &me,
                "document.getElementById('status').innerText.includes(' left')",
                "the time left",
            )
            .await;
        }
        let players = Players { me, friend };
        if case.moves.is_empty() {
            race_home(&mut b, &players.me, case.phone).await;
        }
        for (i, (who, text)) in case.moves.iter().enumerate() {
            let tab = match who {
                Who::Me => &players.me,
                Who::Friend => players.friend.as_ref().expect("a friend invited"),
            };
            // A picture of the first move in the middle of its clicks.
            let size = if case.phone { "phone" } else { "desk" };
            let shot = dir.join(format!("{}-{size}-choosing.png", case.game));
            let shot = (i == 0).then_some(shot.as_path());
            play(&mut b, tab, case.game, text, case.phone, shot).await;
            if case.reload_after == Some(i + 1) {
                // A reload in the middle of the game: the seat is taken back from storage.
                b.reload(&players.me).await;
                b.wait_for(
                    &players.me,
                    "typeof mine !== 'undefined' && mine",
                    "my seat again",
                )
                .await;
            }
        }
        let status = b
            .wait_for(
                &players.me,
                "info && info.result ? document.getElementById('status').innerText : null",
                "the result",
            )
            .await;
        assert!(
            status.as_str().unwrap().contains(case.result),
            "{}: {status}",
            case.game
        );
        if let Some(friend) = &players.friend {
            b.wait_for(
                friend,
                &format!(
                    "document.getElementById('status').innerText.includes({})",
                    js(case.result)
                ),
                "the result on the friend's page",
            )
            .await;
        }
        // The table's own page lists the game at the lobby of this browser.
        for phone in [case.phone, !case.phone] {
            b.size(&players.me, phone).await;
            b.eval(&players.me, "window.scrollTo(0, 0)").await;
            tokio::time::sleep(Duration::from_millis(200)).await;
            let size = if phone { "phone" } else { "desk" };
            let shot = dir.join(format!("{}-{size}.png", case.game));
            b.screenshot(&players.me, &shot).await;
            shots.push(shot);
        }
        tables.push(table);
    }
    // The lobby of the browser that made the tables lists them among its games.
    let lobby = mine.clone();
    b.navigate(&lobby, &format!("{base}/")).await;
    for phone in [false, true] {
        b.size(&lobby, phone).await;
        let listed = b
            .wait_for(
                &lobby,
                &format!(
                    "document.querySelectorAll('#mygames tr').length === {} ? document.getElementById('mygames').innerText : null",
                    tables.len()
                ),
                "my games in the lobby",
            )
            .await;
        assert!(listed.as_str().unwrap().contains("Red wins"), "{listed}");
        let size = if phone { "phone" } else { "desk" };
        let shot = dir.join(format!("lobby-{size}.png"));
        b.screenshot(&lobby, &shot).await;
        shots.push(shot);
    }
    eprintln!("screenshots: {shots:?}");
    // The first drawing of a table's page on loopback, and what it weighs (the figures
    // docs/network.md gives): measured, not asserted.
    for table in &tables {
        let tab = b.open(&format!("{base}/{table}")).await;
        let figures = b
            .wait_for(
                &tab,
                "(async () => { const p = performance.getEntriesByName('first-contentful-paint')[0]; const d = performance.getEntriesByName('board')[0]; if (!p || !d) return null; const page = (await (await fetch(location.href)).text()).length; const board = (await (await fetch(location.pathname + '/board.svg')).text()).length; return `${info.game}: first paint ${p.startTime.toFixed(0)} ms, board drawn ${d.startTime.toFixed(0)} ms, page ${page} bytes, board ${board} bytes`; })()",
                "the first drawing",
            )
            .await;
        eprintln!("{}", figures.as_str().unwrap_or_default());
    }
    drop(b);
    running.stop();
}
