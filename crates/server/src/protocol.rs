//! The messages between a client and the server: JSON objects, one per WebSocket text
//! frame, each with a `type` (docs/protocol.md shows them with examples).
//!
//! A table's history is an append-only log of numbered [`Event`]s, starting at 1. A client
//! that joins or comes back says which event it has last (`since`) and gets the ones after
//! it, or a [`ServerMessage::Snapshot`] of the table (as a scene) when it is far behind.

use serde::{Deserialize, Serialize};

/// What a client asks of the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The list of tables, a page at a time.
    List {
        /// The tables skipped first (in the order of their names).
        #[serde(default)]
        offset: usize,
        /// The most tables answered (100 when absent, at most 500).
        #[serde(default)]
        limit: Option<usize>,
    },
    /// A new table.
    Create {
        /// The game, by its name on the command line (`tabula_rules::registry::GAMES`).
        game: String,
        /// Its rules options in RON, as in a scene (`(players: 4)`); empty for the defaults.
        #[serde(default)]
        options: String,
        /// A starting position in the game's setup text form; absent for the standard one.
        #[serde(default)]
        setup: Option<String>,
        /// Who sits where, in the game's turn order; seats not given are open.
        #[serde(default)]
        seats: Vec<SeatSpec>,
    },
    /// Watch the table of this connection: its state, then every event as it happens.
    Watch {
        /// The last event the client has (0 or absent: none).
        #[serde(default)]
        since: u64,
        /// Ask for the table as a scene (a `snapshot`) rather than the events since `since`.
        #[serde(default)]
        snapshot: bool,
    },
    /// Take a seat at the table of this connection (and watch it).
    Join {
        /// The seat, by the player's name as the game prints it ("Black"); absent: the
        /// first open one.
        #[serde(default)]
        seat: Option<String>,
        /// The name to sit under.
        #[serde(default)]
        name: Option<String>,
        /// The seat's token, to take back a seat held before; or the invitation code of a
        /// reserved seat (given to the table's creator in `created`), to take it.
        #[serde(default)]
        token: Option<String>,
        /// The last event the client has.
        #[serde(default)]
        since: u64,
        /// As for `watch`.
        #[serde(default)]
        snapshot: bool,
    },
    /// Give up a seat held by this connection: it is open again.
    Leave {
        /// The seat.
        seat: String,
    },
    /// Play a move for a seat held by this connection.
    Move {
        /// The move in the game's notation.
        text: String,
        /// The number of moves played before it (the ply): a move sent for an older
        /// position is refused rather than played somewhere it was not meant for.
        #[serde(default)]
        ply: Option<usize>,
    },
    /// Let the chance input due come (the fence race's die or card), drawn by the server.
    Chance {
        /// As for a move.
        #[serde(default)]
        ply: Option<usize>,
    },
    /// Resign a seat held by this connection, at any time, not only on its turn (Law X:
    /// resigning counts as a loss). Logged as a move, `Blue resigns`.
    Resign {
        /// The seat, by the player's name as the game prints it; absent: the seat this
        /// connection holds (it must hold one only).
        #[serde(default)]
        seat: Option<String>,
    },
    /// Answered with `pong`.
    Ping,
}

impl ClientMessage {
    /// The message's `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            ClientMessage::List { .. } => "list",
            ClientMessage::Create { .. } => "create",
            ClientMessage::Watch { .. } => "watch",
            ClientMessage::Join { .. } => "join",
            ClientMessage::Leave { .. } => "leave",
            ClientMessage::Move { .. } => "move",
            ClientMessage::Chance { .. } => "chance",
            ClientMessage::Resign { .. } => "resign",
            ClientMessage::Ping => "ping",
        }
    }
}

/// Who sits in a seat when a table is created.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatSpec {
    /// Anyone may join.
    #[default]
    Open,
    /// Kept for the player of this name: the table's creator is given an invitation code
    /// for it, and only a `join` with that code takes it.
    Reserved {
        /// The name.
        name: String,
    },
    /// The computer, at a level (`easy`, `medium`, `hard`).
    Computer {
        /// The level.
        #[serde(default = "hard")]
        level: String,
    },
}

fn hard() -> String {
    "hard".into()
}

/// A seat as everyone may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The player of this seat, as the game prints it.
    pub player: String,
    /// `open`, `reserved`, `taken` or `computer`.
    pub state: String,
    /// Who sits there (or for whom it is reserved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The computer's level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// Whether a connection holds it now (computer seats always do).
    pub connected: bool,
    /// A reserved seat's invitation code: only in the `created` answer to the table's
    /// creator, who passes it on to the player; never in a list, an event or a page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// What a table is and where it stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableInfo {
    /// Its name in addresses (`/t3`).
    pub id: String,
    /// The game, by its command-line name.
    pub game: String,
    /// The game's title.
    pub title: String,
    /// The rules options in RON.
    pub options: String,
    /// The starting position's setup text, unless it is the standard one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// The seats in turn order.
    pub seats: Vec<SeatView>,
    /// Moves played.
    pub ply: usize,
    /// Whose turn it is (absent once the game is over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    /// The seconds each move may take, at a table with a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<u64>,
    /// When the seat to move runs out of time, in milliseconds since the Unix epoch (at a
    /// table with a clock, while somebody sits in that seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<i64>,
    /// What the player to move must do: `move`, or `chance` when a die or card is due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaiting: Option<String>,
    /// The result, once the game is over ("Black wins", "draw by repetition").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The number of the newest event.
    pub last: u64,
}

/// One entry of a table's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventRecord {
    /// Its number: 1 for the first, one more for each after.
    pub n: u64,
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
}

/// What happened at a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// Somebody (or the computer) sat down.
    Seated {
        /// The seat.
        seat: String,
        /// Under which name.
        name: String,
    },
    /// A seat was given up and is open again.
    Vacated {
        /// The seat.
        seat: String,
    },
    /// A move (or a chance input: a throw, a card) was played, or a seat resigned (`text`:
    /// `Blue resigns`).
    Moved {
        /// The seat that played it.
        seat: String,
        /// The move in the game's notation.
        text: String,
        /// Moves played after it.
        ply: usize,
        /// Who is to move now (absent once the game is over).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_move: Option<String>,
        /// The result, when this move ended the game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<String>,
    },
}

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The tables (answer to `list`): a page of them.
    Tables {
        /// Each table of the page.
        tables: Vec<TableInfo>,
        /// The tables in all.
        #[serde(default)]
        total: usize,
    },
    /// A table was made (answer to `create`).
    Created {
        /// The table.
        table: TableInfo,
    },
    /// Where the table stands (first answer to `watch` and `join`); the events after the
    /// client's `since` follow, as `events`.
    Welcome {
        /// The table.
        table: TableInfo,
    },
    /// Events the client missed.
    Events {
        /// In order.
        events: Vec<EventRecord>,
    },
    /// One new event.
    Event {
        /// The event.
        #[serde(flatten)]
        record: EventRecord,
        /// The table after it.
        table: TableInfo,
    },
    /// The whole table as a scene file (options, setup and moves), instead of events when
    /// the client is far behind; events after `table.last` follow as `event`.
    Snapshot {
        /// The table.
        table: TableInfo,
        /// The scene, in RON.
        scene: String,
        /// The moves played, in the game's notation (the scene's moves, for clients that
        /// do not read RON).
        moves: Vec<String>,
    },
    /// A seat taken: only the holder of `token` may move for it.
    Joined {
        /// The seat.
        seat: String,
        /// The seat's secret: keep it to take the seat back after losing the connection.
        token: String,
    },
    /// The moves the seat to move may make now, sent to each connection holding that seat
    /// after `joined` and after every event, so that a page enters moves by clicks without
    /// knowing the rules.
    Legal {
        /// The seat to move.
        seat: String,
        /// Moves played: the position these moves are for (send it as the move's `ply`).
        ply: usize,
        /// Each legal move with the spots clicked to make it.
        moves: Vec<LegalMove>,
    },
    /// A seat given up (answer to `leave`).
    Left {
        /// The seat.
        seat: String,
    },
    /// Answer to `ping`.
    Pong,
    /// A request refused; the connection stays.
    Error {
        /// A short word for programs: `malformed`, `unknown_table`, `not_your_seat`,
        /// `illegal`, `stale`, `seat_taken`, `bad_request`, `too_fast`, `too_large`,
        /// `too_many`, `storage`.
        code: String,
        /// What was wrong, for people.
        message: String,
        /// The `type` of the message refused, when it could be read.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reply_to: Option<String>,
    },
}

/// A legal move and its click path ([`tabula_rules::Game::click_path`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMove {
    /// The move in the game's notation: what a `move` message sends.
    pub text: String,
    /// The spots clicked to make it, in order: squares as the board's `data-spot`
    /// attributes name them, and spots that are no square (a heading, `stop`, `reserve`),
    /// shown as buttons.
    pub path: Vec<String>,
    /// True for the chance input due (the die thrown, a card drawn): made with a `chance`
    /// message, not a `move`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chance: bool,
}

impl ServerMessage {
    /// An error message.
    pub fn error(code: &str, message: impl Into<String>, reply_to: Option<&str>) -> Self {
        ServerMessage::Error {
            code: code.into(),
            message: message.into(),
            reply_to: reply_to.map(str::to_string),
        }
    }

    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages serialise")
    }
}

/// Reads a client's message; the error says what was wrong in words.
pub fn parse_client(text: &str) -> Result<ClientMessage, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let kind = value
        .get("type")
        .and_then(|t| t.as_str())
        .ok_or("a message needs a \"type\"")?
        .to_string();
    const KNOWN: [&str; 9] = [
        "list", "create", "watch", "join", "leave", "move", "chance", "resign", "ping",
    ];
    if !KNOWN.contains(&kind.as_str()) {
        return Err(format!(
            "unknown message type {kind:?}; the types are {}",
            KNOWN.join(", ")
        ));
    }
    serde_json::from_value(value).map_err(|e| format!("{kind}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_back_as_written() {
        let messages = [
            ClientMessage::List {
                offset: 0,
                limit: None,
            },
            ClientMessage::Create {
                game: "camelot".into(),
                options: "(rules: Wcf)".into(),
                setup: None,
                seats: vec![
                    SeatSpec::Open,
                    SeatSpec::Computer {
                        level: "easy".into(),
                    },
                ],
            },
            ClientMessage::Join {
                seat: Some("Black".into()),
                name: Some("Ann".into()),
                token: None,
                since: 4,
                snapshot: false,
            },
            ClientMessage::Move {
                text: "K2-K4".into(),
                ply: Some(3),
            },
            ClientMessage::Chance { ply: None },
            ClientMessage::Resign { seat: None },
            ClientMessage::Resign {
                seat: Some("Black".into()),
            },
        ];
        for m in messages {
            let text = serde_json::to_string(&m).unwrap();
            assert_eq!(parse_client(&text).unwrap(), m, "{text}");
        }
    }

    #[test]
    fn bad_messages_are_named() {
        assert!(parse_client("{").unwrap_err().starts_with("not JSON"));
        assert!(parse_client("{}").unwrap_err().contains("\"type\""));
        let unknown = parse_client(r#"{"type":"concede"}"#).unwrap_err();
        assert!(unknown.contains("\"concede\""), "{unknown}");
        let missing = parse_client(r#"{"type":"move"}"#).unwrap_err();
        assert!(
            missing.starts_with("move:") && missing.contains("text"),
            "{missing}"
        );
        assert_eq!(
            parse_client(r#"{"type":"watch"}"#).unwrap(),
            ClientMessage::Watch {
                since: 0,
                snapshot: false
            }
        );
    }

    #[test]
    fn events_carry_their_number_and_kind_side_by_side() {
        let record = EventRecord {
            n: 7,
            event: Event::Moved {
                seat: "White".into(),
                text: "F6-F8".into(),
                ply: 3,
                to_move: Some("Black".into()),
                result: None,
            },
        };
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(
            text,
            r#"{"n":7,"kind":"moved","seat":"White","text":"F6-F8","ply":3,"to_move":"Black"}"#
        );
        assert_eq!(serde_json::from_str::<EventRecord>(&text).unwrap(), record);
    }
}
