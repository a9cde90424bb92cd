//! One table: its game (checked by the rules crate), its seats and their tokens, and its
//! log of events. Everything here is plain and synchronous; the server decides when a
//! change is stored and sent.
//!
//! A change is made in two steps so that nothing is applied before it is stored:
//! [`Table::prepare_move`] (and the other `prepare_` functions) checks a request and
//! returns the [`Change`] it would make, without changing the table; the server stores the
//! change, then calls [`Table::apply`].

mod seat;

use seat::seat_view;
pub use seat::{MAX_NAME, Occupant, Seat, check_name, computer_name, parse_level};

use crate::presence::Elsewhere;
use crate::protocol::{Event, EventRecord, SeatSpec, TableInfo};
use tabula_ai::Level;
use tabula_ai::games::{AnyGame, parse_kind, play_text};
use tabula_ai::with_game;
use tabula_rules::game::Chance;
use tabula_rules::registry::GameOptions;
use tabula_rules::resign;
use tabula_rules::scene::{Expect, FORMAT, Scene, SceneSetup};
use tabula_rules::{Game, Outcome};

/// The option that seeds a game's chance (the fence race's die and cards) in local play. A
/// server's table has none: its throws and cards are drawn from the operating system's
/// generator one at a time ([`crate::secret::draw`]), so that nothing published foresees
/// them; a seed given when a table is made is ignored (taken out of its options).
const SEED: &str = "seed";

/// Why a request to a table is refused: a short code for programs and words for people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// `bad_request`, `illegal`, `stale`, `not_your_seat`, `seat_taken`, ...
    pub code: &'static str,
    /// What was wrong.
    pub message: String,
}

impl Refusal {
    fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// A change a request makes, checked and not yet applied.
#[derive(Debug, Clone)]
pub struct Change {
    /// The event to log.
    pub event: Event,
    /// The digest of the seat's new token, for a `Seated` event of a player (stored, never
    /// broadcast).
    pub token: Option<String>,
    /// The game after a move.
    game: Option<AnyGame>,
}

impl Change {
    /// Whether the position after this change waits for a chance card (drawn at once).
    pub fn calls_for_card(&self) -> bool {
        self.game.as_ref().is_some_and(|game| {
            with_game!(game, g, _k => matches!(g.pending_chance(), Some(Chance::Card { .. })))
        })
    }
}

/// Whom an unfinished game waits for while nobody is at its table ([`Table::waits_for`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    /// The player to move, on a clock that runs.
    Clock,
    /// An invited player, to take the seat kept for him.
    Invitation,
}

/// A table of any game.
#[derive(Debug, Clone)]
pub struct Table {
    /// Its name in addresses.
    pub id: String,
    /// The rules options, in RON as given when it was created (empty for the defaults).
    pub options: String,
    /// The starting setup text, unless it is the standard one.
    pub setup: Option<String>,
    game: AnyGame,
    seats: Vec<Seat>,
    events: Vec<EventRecord>,
    moves: Vec<String>,
    /// The seconds each move may take, if the table has a clock ([`crate::clock`]).
    clock: Option<u64>,
    /// When the seat to move began its turn (or sat down to it), in milliseconds since the
    /// epoch; from when the table was read back, after a restart.
    turn_began: i64,
    /// The seats players hold through other server processes, as they said.
    elsewhere: Elsewhere,
}

impl Table {
    /// A new table: the game built from its name, options and setup (each checked), and
    /// its seats in turn order (those not given are open). A seed in the options is
    /// ignored: taken out, since the server draws every throw and card afresh.
    pub fn new(
        id: &str,
        game: &str,
        options: &str,
        setup: Option<&str>,
        seats: &[SeatSpec],
    ) -> Result<Table, Refusal> {
        let bad = |e: tabula_rules::GameError| Refusal::new("bad_request", e.to_string());
        let kind = parse_kind(game).map_err(bad)?;
        let (mut options, clock) =
            crate::clock::take(options).map_err(|why| Refusal::new("bad_request", why))?;
        let mut game_options = GameOptions::from_ron(kind, &options).map_err(bad)?;
        if kind.info().option(SEED).is_some() && !game_options.get(SEED).is_empty() {
            game_options
                .set(SEED, "0")
                .map_err(|e| Refusal::new("bad_request", e.to_string()))?;
            options = game_options.to_ron();
        }
        let game = AnyGame::new(kind, &options, setup).map_err(bad)?;
        let players = game.player_names();
        if seats.len() > players.len() {
            return Err(Refusal::new(
                "bad_request",
                format!(
                    "{} seats given; {} has {} ({})",
                    seats.len(),
                    kind.name(),
                    players.len(),
                    players.join(", ")
                ),
            ));
        }
        let mut table_seats = Vec::new();
        for (i, player) in players.iter().enumerate() {
            let spec = seats.get(i).cloned().unwrap_or_default();
            let occupant = match &spec {
                SeatSpec::Open => Occupant::Open,
                SeatSpec::Reserved { name } => {
                    check_name(name)?;
                    Occupant::Reserved(name.trim().to_string())
                }
                SeatSpec::Computer { level } => Occupant::Computer(parse_level(level)?),
            };
            table_seats.push(Seat {
                player: player.clone(),
                spec,
                occupant,
                connections: 0,
                invite: None,
            });
        }
        Ok(Table {
            id: id.to_string(),
            options,
            setup: setup.map(str::to_string),
            game,
            seats: table_seats,
            events: Vec::new(),
            moves: Vec::new(),
            clock,
            turn_began: crate::clock::now_ms(),
            elsewhere: Elsewhere::default(),
        })
    }

    /// The options as stored: the game's, and the clock's seconds a move.
    pub fn stored_options(&self) -> String {
        crate::clock::put(&self.options, self.clock)
    }

    /// When the seat to move runs out of time, in milliseconds since the epoch: only at a
    /// table with a clock, while the game goes on and somebody (or the computer) sits in
    /// that seat.
    pub fn deadline(&self) -> Option<i64> {
        let seconds = self.clock?;
        let seat = self.seat_to_move()?;
        if matches!(
            self.seats[seat].occupant,
            Occupant::Open | Occupant::Reserved(_)
        ) {
            return None;
        }
        let ms = i64::try_from(seconds.saturating_mul(1000)).unwrap_or(i64::MAX);
        Some(self.turn_began.saturating_add(ms))
    }

    /// Whether the game waits on somebody who need not be at the table: the player to
    /// move on a clock that runs (the clock will end the wait), or an invited player who
    /// has not taken his seat yet. Such a table is not closed as soon as one nobody uses.
    pub fn waits_for(&self) -> Option<Waiting> {
        if self.result().is_some() {
            return None;
        }
        // A computer moves in time: its clock never ends a wait.
        let player_to_move = self
            .seat_to_move()
            .is_some_and(|s| matches!(self.seats[s].occupant, Occupant::Player { .. }));
        if player_to_move && self.deadline().is_some() {
            return Some(Waiting::Clock);
        }
        self.seats
            .iter()
            .any(|s| matches!(s.occupant, Occupant::Reserved(_)))
            .then_some(Waiting::Invitation)
    }

    /// The seat whose time has run out at `now` (milliseconds since the epoch), if any.
    pub fn out_of_time(&self, now: i64) -> Option<usize> {
        (now >= self.deadline()?).then(|| self.seat_to_move())?
    }

    /// The game as it stands.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The seats in turn order.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The log.
    pub fn events(&self) -> &[EventRecord] {
        &self.events
    }

    /// The number of the newest event (0 when there is none).
    pub fn last(&self) -> u64 {
        self.events.last().map_or(0, |e| e.n)
    }

    /// The moves played, in the game's notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// Moves played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The seat whose player is to move, unless the game is over.
    pub fn seat_to_move(&self) -> Option<usize> {
        if self.result().is_some() {
            return None;
        }
        let name = self.game.to_move_name();
        self.seats.iter().position(|s| s.player == name)
    }

    /// The seat of a player's name (as the game prints it, in any case).
    pub fn seat_index(&self, player: &str) -> Option<usize> {
        let player = player.trim();
        self.seats
            .iter()
            .position(|s| s.player.eq_ignore_ascii_case(player))
    }

    /// The result once the game is over.
    pub fn result(&self) -> Option<String> {
        with_game!(&self.game, g, _k => g.outcome().is_over().then(|| resign::outcome_text(g)))
    }

    /// Whether the player to move must let a chance input come before moving.
    pub fn chance_due(&self) -> bool {
        with_game!(&self.game, g, _k => g.pending_chance().is_some())
    }

    /// Whether a chance card is to be drawn now (it follows the move that calls for it at
    /// once, without a request).
    pub fn card_due(&self) -> bool {
        with_game!(&self.game, g, _k => matches!(g.pending_chance(), Some(Chance::Card { .. })))
    }

    /// Where the table stands.
    pub fn info(&self) -> TableInfo {
        let kind = self.game.kind();
        let result = self.result();
        TableInfo {
            id: self.id.clone(),
            game: kind.name().to_string(),
            title: kind.title().to_string(),
            options: self.options.clone(),
            setup: self.setup.clone(),
            seats: {
                let now = std::time::Instant::now();
                let seats = self.seats.iter().enumerate();
                seats
                    .map(|(i, seat)| seat_view(seat, self.elsewhere.holds(i, now)))
                    .collect()
            },
            ply: self.ply(),
            to_move: result.is_none().then(|| self.game.to_move_name()),
            clock: self.clock,
            deadline: self.deadline(),
            awaiting: result
                .is_none()
                .then(|| if self.chance_due() { "chance" } else { "move" }.to_string()),
            result,
            last: self.last(),
        }
    }

    /// The table as a scene file: options, setup and the moves so far.
    pub fn scene_text(&self) -> String {
        let kind = self.game.kind();
        let options = if self.options.is_empty() {
            "()".to_string()
        } else {
            self.options.clone()
        };
        let expect = with_game!(&self.game, g, _k => match g.outcome() {
            Outcome::Ongoing => Expect::Ongoing,
            Outcome::Draw(_) => Expect::Draw,
            Outcome::Win(p) => Expect::Win(p.to_string()),
            Outcome::TeamWin(ps) => ps.first().map_or(Expect::Ongoing, |p| Expect::Win(p.to_string())),
        });
        let names: Vec<String> = self
            .seats
            .iter()
            .map(|s| match &s.occupant {
                Occupant::Player { name, .. } => format!("{}: {name}", s.player),
                Occupant::Computer(level) => format!("{}: {}", s.player, computer_name(*level)),
                _ => s.player.clone(),
            })
            .collect();
        let scene = Scene {
            format: Some(FORMAT),
            title: format!("{} at table {}", kind.title(), self.id),
            source: Some(format!(
                "Tabula server, table {} ({})",
                self.id,
                names.join(", ")
            )),
            game: kind,
            options: ron::value::RawValue::from_boxed_ron(options.into_boxed_str()).unwrap_or_else(
                |_| ron::value::RawValue::from_boxed_ron("()".into()).expect("() is RON"),
            ),
            setup: self
                .setup
                .clone()
                .map_or(SceneSetup::Standard, SceneSetup::Position),
            moves: self.moves.clone(),
            expect,
            notes: Default::default(),
            variations: Vec::new(),
        };
        let pretty = ron::ser::PrettyConfig::default();
        ron::ser::to_string_pretty(&scene, pretty).expect("a scene serialises")
    }

    /// Checks a move for `seat` at `ply` (when given) and returns what it would change.
    pub fn prepare_move(
        &self,
        seat: usize,
        text: &str,
        ply: Option<usize>,
    ) -> Result<Change, Refusal> {
        self.check_turn(seat, ply)?;
        // The rules read a resignation like a move, and would take one of any player; a
        // seat resigns only itself, so a resignation sent as a move goes the resign
        // message's way, for this seat alone.
        let text = text.trim();
        match with_game!(&self.game, g, _k => resign::parse(g, text)
            .map(|who| who.map(|p| p.to_string())))
        {
            Some(Ok(player)) if player == self.seats[seat].player => {
                return self.prepare_resign(seat);
            }
            Some(Ok(player)) => {
                return Err(Refusal::new(
                    "not_your_seat",
                    format!("{text}: a seat resigns only itself, and {player} is not yours"),
                ));
            }
            Some(Err(why)) => return Err(Refusal::new("illegal", why.to_string())),
            None => {}
        }
        // While a chance input is due, only a move the rules list beside it is taken (the
        // fence race's card drawn instead of the die thrown): never a throw of the
        // client's choosing.
        let listed = || {
            with_game!(&self.game, g, _k => g
                .parse_move(text.trim())
                .is_ok_and(|mv| g.legal_moves().contains(&mv)))
        };
        if self.chance_due() && !listed() {
            return Err(Refusal::new(
                "illegal",
                "a chance input is due first: send \"chance\" to throw the die or draw the card",
            ));
        }
        let mut game = self.game.clone();
        with_game!(&mut game, g, _k => play_text(g, text))
            .map_err(|why| Refusal::new("illegal", format!("{text}: {why}")))?;
        // The notation as the game prints it, so that every log reads the same.
        let written = with_game!(&game, g, _k => g.history().last().map(|m| {
            let mut before = g.clone();
            before.undo();
            before.move_text(m)
        }))
        .unwrap_or_else(|| text.to_string());
        Ok(self.moved(seat, written, game))
    }

    /// Checks a request for the chance input due and draws it: the die's face or the
    /// card's place in the stack from the operating system's generator, a fresh draw each
    /// time (never from a seed), written to the log as the move it makes (`throw 4`).
    pub fn prepare_chance(&self, seat: usize, ply: Option<usize>) -> Result<Change, Refusal> {
        self.check_turn(seat, ply)?;
        let chance = self.game.info().chance;
        let mut game = self.game.clone();
        let text = with_game!(&mut game, g, _k => {
            let value = match g.pending_chance() {
                Some(Chance::Die { faces }) => crate::secret::draw(1..=u32::from(faces.max(1))),
                Some(Chance::Card { cards }) if cards > 0 => crate::secret::draw(0..=cards - 1),
                Some(Chance::Card { .. }) => {
                    return Err(Refusal::new("illegal", "the stack of chance cards is empty"));
                }
                None => {
                    let why = if chance {
                        "no chance input is due now"
                    } else {
                        "this game has no chance input"
                    };
                    return Err(Refusal::new("illegal", why));
                }
            };
            g.resolve_chance(value)
                .map_err(|e| Refusal::new("illegal", e.to_string()))?;
            let last = g.history().last().cloned();
            let mut before = g.clone();
            before.undo();
            last.map(|m| before.move_text(&m)).unwrap_or_default()
        });
        Ok(self.moved(seat, text, game))
    }

    /// Checks that `seat` may resign (at any time, while the game goes on and he is in it)
    /// and returns the change: a move, `Blue resigns`, played through the rules.
    pub fn prepare_resign(&self, seat: usize) -> Result<Change, Refusal> {
        if let Some(result) = self.result() {
            return Err(Refusal::new(
                "illegal",
                format!("the game is over: {result}"),
            ));
        }
        let text = resign::text(&self.seats[seat].player);
        let mut game = self.game.clone();
        with_game!(&mut game, g, _k => play_text(g, &text))
            .map_err(|why| Refusal::new("illegal", format!("{text}: {why}")))?;
        Ok(self.moved(seat, text, game))
    }

    fn moved(&self, seat: usize, text: String, game: AnyGame) -> Change {
        let result =
            with_game!(&game, g, _k => g.outcome().is_over().then(|| resign::outcome_text(g)));
        Change {
            event: Event::Moved {
                seat: self.seats[seat].player.clone(),
                text,
                ply: self.ply() + 1,
                to_move: result.is_none().then(|| game.to_move_name()),
                result,
            },
            token: None,
            game: Some(game),
        }
    }

    fn check_turn(&self, seat: usize, ply: Option<usize>) -> Result<(), Refusal> {
        if let Some(result) = self.result() {
            return Err(Refusal::new(
                "illegal",
                format!("the game is over: {result}"),
            ));
        }
        if let Some(ply) = ply
            && ply != self.ply()
        {
            return Err(Refusal::new(
                "stale",
                format!(
                    "the move was meant for the position after {ply} moves; {} have been played",
                    self.ply()
                ),
            ));
        }
        if self.seat_to_move() != Some(seat) {
            return Err(Refusal::new(
                "not_your_turn",
                format!(
                    "it is {}'s turn, not {}'s",
                    self.game.to_move_name(),
                    self.seats[seat].player
                ),
            ));
        }
        Ok(())
    }

    /// Checks a request to sit in an open seat (by player name, or the first open one)
    /// under `name`; `token` is the digest of the seat's new secret. A reserved seat is not
    /// taken this way, whatever the name: only with its invitation code
    /// ([`Table::prepare_invited`]).
    pub fn prepare_join(
        &self,
        seat: Option<&str>,
        name: &str,
        token: String,
    ) -> Result<(usize, Change), Refusal> {
        check_name(name)?;
        let name = name.trim();
        let index = match seat {
            Some(player) => self.seat_index(player).ok_or_else(|| {
                Refusal::new(
                    "bad_request",
                    format!(
                        "no seat {player:?}; the seats are {}",
                        self.seats
                            .iter()
                            .map(|s| s.player.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?,
            None => self
                .seats
                .iter()
                .position(|s| s.occupant == Occupant::Open)
                .ok_or_else(|| Refusal::new("seat_taken", "no seat is open at this table"))?,
        };
        let s = &self.seats[index];
        match &s.occupant {
            Occupant::Open => {}
            Occupant::Reserved(r) => {
                return Err(Refusal::new(
                    "seat_taken",
                    format!(
                        "{} is kept for {r}: it is taken with the invitation code its table's \
                         creator was given, sent as the join's token",
                        s.player
                    ),
                ));
            }
            Occupant::Player { name, .. } => {
                return Err(Refusal::new(
                    "seat_taken",
                    format!("{} is taken by {name}", s.player),
                ));
            }
            Occupant::Computer(_) => {
                return Err(Refusal::new(
                    "seat_taken",
                    format!("{} is the computer's", s.player),
                ));
            }
        }
        Ok((
            index,
            Change {
                event: Event::Seated {
                    seat: s.player.clone(),
                    name: name.to_string(),
                },
                token: Some(token),
                game: None,
            },
        ))
    }

    /// Checks a join with an invitation code: the reserved seat whose code it is, taken
    /// under `name` (or the name it was kept for); `token` is the digest of the seat's new
    /// secret. `None` when the code is no reserved seat's.
    pub fn prepare_invited(
        &self,
        code: &str,
        name: Option<&str>,
        token: String,
    ) -> Result<Option<(usize, Change)>, Refusal> {
        let code = crate::secret::digest(code);
        let Some(index) = self.seats.iter().position(|s| {
            matches!(s.occupant, Occupant::Reserved(_)) && s.invite.as_deref() == Some(&code)
        }) else {
            return Ok(None);
        };
        let s = &self.seats[index];
        let name = match (name, &s.occupant) {
            (Some(name), _) => name,
            (None, Occupant::Reserved(kept)) => kept.as_str(),
            (None, _) => "Guest",
        };
        check_name(name)?;
        Ok(Some((
            index,
            Change {
                event: Event::Seated {
                    seat: s.player.clone(),
                    name: name.trim().to_string(),
                },
                token: Some(token),
                game: None,
            },
        )))
    }

    /// Gives a reserved seat the digest of its invitation code.
    pub fn set_invite(&mut self, seat: usize, digest: String) {
        if let Some(s) = self.seats.get_mut(seat) {
            s.invite = Some(digest);
        }
    }

    /// The seat a token holds.
    pub fn seat_of_token(&self, token: &str) -> Option<usize> {
        let token = crate::secret::digest(token);
        self.seats
            .iter()
            .position(|s| matches!(&s.occupant, Occupant::Player { token: t, .. } if *t == token))
    }

    /// Checks a request to give up a seat.
    pub fn prepare_leave(&self, seat: usize) -> Result<Change, Refusal> {
        match self.seats[seat].occupant {
            Occupant::Player { .. } => Ok(Change {
                event: Event::Vacated {
                    seat: self.seats[seat].player.clone(),
                },
                token: None,
                game: None,
            }),
            _ => Err(Refusal::new("not_your_seat", "nobody sits there")),
        }
    }

    /// The `Seated` events of the computer seats, logged when the table is made.
    pub fn computer_seatings(&self) -> Vec<Change> {
        self.seats
            .iter()
            .filter_map(|s| match s.occupant {
                Occupant::Computer(level) => Some(Change {
                    event: Event::Seated {
                        seat: s.player.clone(),
                        name: computer_name(level),
                    },
                    token: None,
                    game: None,
                }),
                _ => None,
            })
            .collect()
    }

    /// Applies a change (checked by a `prepare_` function, or read back from the log)
    /// as the next event, and returns its record.
    pub fn apply(&mut self, change: Change) -> EventRecord {
        let record = EventRecord {
            n: self.last() + 1,
            event: change.event,
        };
        match &record.event {
            Event::Seated { seat, name } => {
                if self.seat_index(seat).is_some() && self.seat_index(seat) == self.seat_to_move() {
                    self.turn_began = crate::clock::now_ms();
                }
                if let Some(i) = self.seat_index(seat) {
                    let s = &mut self.seats[i];
                    if !matches!(s.occupant, Occupant::Computer(_)) {
                        s.occupant = Occupant::Player {
                            name: name.clone(),
                            token: change.token.unwrap_or_default(),
                        };
                    }
                }
            }
            Event::Vacated { seat } => {
                if let Some(i) = self.seat_index(seat) {
                    let s = &mut self.seats[i];
                    s.occupant = match &s.spec {
                        SeatSpec::Reserved { name } => Occupant::Reserved(name.clone()),
                        _ => Occupant::Open,
                    };
                    s.connections = 0;
                }
            }
            Event::Moved { text, .. } => {
                if let Some(game) = change.game {
                    self.game = game;
                }
                self.moves.push(text.clone());
                self.turn_began = crate::clock::now_ms();
            }
        }
        self.events.push(record.clone());
        record
    }

    /// Replays one logged event when the table is read back from storage: a move is played
    /// again through the rules (and refused if they refuse it).
    pub fn replay(&mut self, event: Event, token: Option<String>) -> Result<(), Refusal> {
        let change = match &event {
            Event::Moved { text, .. } => {
                let mut game = self.game.clone();
                // Throws and cards are written as moves ("throw 4") and read back as such.
                with_game!(&mut game, g, _k => play_text(g, text))
                    .map_err(|why| Refusal::new("illegal", format!("{text}: {why}")))?;
                Change {
                    event,
                    token: None,
                    game: Some(game),
                }
            }
            _ => Change {
                event,
                token,
                game: None,
            },
        };
        self.apply(change);
        Ok(())
    }

    /// Counts a connection holding a seat (`+1`) or letting it go (`-1`).
    pub fn connect(&mut self, seat: usize, delta: isize) {
        let s = &mut self.seats[seat];
        s.connections = s.connections.saturating_add_signed(delta);
    }

    /// The seats that connections to this process hold now.
    pub fn held_here(&self) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&i| self.seats[i].connections > 0)
            .collect()
    }

    /// The seats held through other server processes, as they said ([`crate::presence`]).
    pub fn elsewhere(&mut self) -> &mut Elsewhere {
        &mut self.elsewhere
    }

    /// The seat to move and its level, when the computer is to move.
    pub fn computer_to_move(&self) -> Option<(usize, Level)> {
        let seat = self.seat_to_move()?;
        match self.seats[seat].occupant {
            Occupant::Computer(level) => Some((seat, level)),
            _ => None,
        }
    }
}
