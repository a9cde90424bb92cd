//! The table: the one match that every game plugs into.
//!
//! [`Match`] owns the game being played and is the only thing that changes it. Every move
//! enters the same way, as an [`Intent`] (from a click, a redo, a demonstration's scene, and
//! later a computer or a remote seat), is checked by the rules crate, and comes out as one
//! [`Played`] message carrying what the move did, which the game's view animates. A game
//! joins the table by implementing [`TableRules`] for its rules type and adding
//! [`plugin::<G>`](plugin) next to its board, pieces and input.

use crate::playing::{
    BoardReset, Feedback, HudState, MatchCommand, MatchSet, MoveLine, RESULT_COLOR, RedoStack,
    Seat, move_lines,
};
use bevy::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use tabula_ai::Level;
use tabula_rules::scene::GameKind;
use tabula_rules::{Game, Outcome, PlayError};

/// Who makes the moves of a seat.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Controller {
    /// A person at this screen, with clicks and keys.
    #[default]
    Local,
    /// The computer, at a level: its moves come from the engine, off the main thread.
    Computer(Level),
    /// A player elsewhere: their moves come from the table's server.
    Remote,
}

impl Controller {
    /// The name a seat gets when the players give none: "Computer (hard)"; none for a person.
    pub fn default_name(&self) -> Option<String> {
        match self {
            Controller::Local | Controller::Remote => None,
            Controller::Computer(level) => Some(format!("Computer ({level})")),
        }
    }

    /// Whether the computer plays this seat.
    pub fn is_computer(&self) -> bool {
        matches!(self, Controller::Computer(_))
    }
}

/// A number no other position of any match has had: what a search was started for is
/// recognised when its answer comes back.
fn next_generation() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A game as the table plays it: its rules (the rules crate's [`Game`]) and what the table
/// shows of it. Implemented once per game, in `src/games/<game>/mod.rs`.
pub trait TableRules:
    Game<Move: Send + Sync + 'static, Player: Send + Sync + 'static> + Send + Sync + 'static
{
    /// Which game this is.
    const KIND: GameKind;
    /// The rules in brief, for the help overlay (F1).
    const RULES: &'static str;
    /// How to play, shown at the bottom of the HUD.
    const CONTROLS: &'static str;
    /// What the engine knows of the game (evaluation, move order, playouts).
    type Knowledge: tabula_ai::knowledge::Knowledge<Self> + Default + Send + Sync + 'static;

    /// The points a move passes through on the table, in order (where the piece stands,
    /// then each landing): a hint's arrow. By default the squares named in its notation.
    fn move_points(&self, mv: &Self::Move) -> Vec<Vec3> {
        let text = self.move_text(mv);
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '|') || c == 'x')
            .filter_map(|token| self.square_point(token))
            .fold(Vec::new(), |mut points, p| {
                if points.last() != Some(&p) {
                    points.push(p);
                }
                points
            })
    }

    /// Adds the game's match, pieces and input, headless.
    fn logic(app: &mut App);

    /// Adds the game's board, models, picking and highlights in 3D.
    fn view(app: &mut App);

    /// The HUD's title ("Camelot (WCF rules)").
    fn title(&self) -> String {
        Self::KIND.title().to_string()
    }

    /// Where `player` sits at the table.
    fn seat_of(&self, player: Self::Player) -> Seat;

    /// The colour of the status line while `player` is to move.
    fn status_color(&self, player: Self::Player) -> Color;

    /// The HUD's counters: pieces, captures, reserves, draw counters.
    fn counters(&self) -> String;

    /// What the player to move should do now, in words.
    fn hint(&self) -> String;

    /// "Red to move", or the result. `texts` are the moves so far with their players.
    fn status(&self, texts: &[(Self::Player, String)]) -> String {
        let _ = texts;
        match self.outcome() {
            Outcome::Ongoing => format!("{} to move", self.to_move()),
            outcome => format!("Game over: {outcome}"),
        }
    }

    /// The move list as the HUD shows it: by default a numbered line per pair of moves.
    fn lines(texts: &[(Self::Player, String)]) -> Vec<MoveLine> {
        let texts: Vec<String> = texts.iter().map(|(_, t)| t.clone()).collect();
        move_lines(&texts)
    }

    /// What a player is told after `player` played the moves `texts` (several when chance
    /// followed at once).
    fn announce(&self, player: Self::Player, texts: &[String]) -> String {
        let said = texts.join(", ");
        match self.outcome() {
            Outcome::Ongoing => format!("{player}: {said}"),
            outcome => format!("{player}: {said}. {outcome}!"),
        }
    }

    /// The game N starts: by default the same start and options again.
    fn fresh(&self) -> Result<Self, String> {
        Self::from_setup(self.start().clone(), self.options().clone()).map_err(|e| e.to_string())
    }

    /// What the players read when a new game starts.
    fn new_game_note(&self) -> String {
        format!("New game: {} moves first.", self.to_move())
    }

    /// Whether `mv` is a chance input (a die thrown, a card drawn): taken back, it is kept to
    /// be given again, so that taking back never throws anew.
    fn is_chance(_mv: &Self::Move) -> bool {
        false
    }

    /// Whether the chance now due is resolved at once, without the player asking (the card
    /// after a draw).
    fn chance_now(&self) -> bool {
        false
    }

    /// The chance input now due, drawn from the game's own seeded generator (the die's
    /// throw, the card), not yet played.
    fn draw_chance(&self) -> Result<Self::Move, PlayError> {
        Err(PlayError::Illegal("this game has no chance input".into()))
    }

    /// The label of the HUD's Confirm button (Enter), when there is something to confirm.
    fn confirm_label(the_match: &Match<Self>) -> Option<String> {
        the_match.can_confirm.then(|| "Confirm move".to_string())
    }

    /// Where the square (or space, or slot) named `name` in the game's notation stands on the
    /// table, for a demonstration's marks.
    fn square_point(&self, name: &str) -> Option<Vec3>;

    /// Spawns the entities that show the position: pieces on the board, in reserve, set
    /// aside. Each carries [`TablePiece`] (required by the game's piece components), so that
    /// a reset despawns them all.
    fn spawn_pieces(&self, commands: &mut Commands);

    /// What the move `played` did that is worth hearing or telling, in the order it
    /// happened. `self` is the game after it (after any chance resolved with it). By
    /// default a piece set down, and the win if the move ended the game with a winner.
    fn moments(&self, played: &Played<Self>) -> Vec<crate::moments::Moment> {
        use crate::moments::{Cue, Moment};
        let _ = played;
        let mut moments = vec![Moment::new(Cue::Place)];
        moments.extend(crate::moments::win(&self.outcome()));
        moments
    }
}

/// The game in play, the notation of every move so far with its player, who sits where, and
/// the last word to the players.
#[derive(Resource, Debug, Clone)]
pub struct Match<G: TableRules> {
    /// The game (position, history, options). Only the match's own systems change it, and
    /// they keep [`Match::legal`] up to date.
    pub game: G,
    /// The legal moves of the game as it stands, worked out once per position.
    legal: Vec<G::Move>,
    /// Each move played, in notation, with its player.
    pub texts: Vec<(G::Player, String)>,
    /// What the players should read now (an illegal click's reason, a hint).
    pub feedback: Feedback,
    /// Moves taken back, for Redo.
    pub redo: RedoStack<G::Move>,
    /// Chance inputs taken back, newest last, to be given again.
    pub chance_back: Vec<G::Move>,
    /// Who plays each seat, in turn order.
    pub seats: Vec<Controller>,
    /// What was entered so far may be played as it is: the HUD offers Confirm (set by the
    /// game's input).
    pub can_confirm: bool,
    /// An ending the rules do not know (a loss on time): moves are refused while it holds.
    pub ended: Option<String>,
    /// Added to the status line (the time left to move).
    pub note: Option<String>,
    /// This position's number, new at every change (a move, a take-back, a new game, a
    /// loaded game): a search's answer is played only in the position it was asked for.
    pub generation: u64,
    /// The computer is thinking about the move to play here (the status line says so).
    pub thinking: bool,
    /// At a table on a server: the moves made here wait there for the server, which
    /// sends back every move it accepts.
    pub remote: Option<RemoteSeats>,
}

/// A request made at this screen for a table on a server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outgoing {
    /// Play this move (in notation) in the position after `ply` moves.
    Move {
        /// The move.
        text: String,
        /// Moves played before it.
        ply: usize,
    },
    /// Let the chance input due come (the server draws it).
    Chance {
        /// Moves played before it.
        ply: usize,
    },
}

/// What a match at a server's table keeps: requests not yet sent, and how the connection
/// stands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RemoteSeats {
    /// Requests waiting to go to the server.
    pub outbox: Vec<Outgoing>,
    /// Said after the status ("connection lost: reconnecting...").
    pub note: Option<String>,
}

impl<G: TableRules> Match<G> {
    /// A match on `game`, which may already have moves played; every seat local.
    pub fn new(game: G) -> Match<G> {
        let mut replay = game.clone();
        let mut back = Vec::new();
        while let Some(mv) = replay.undo() {
            back.push(mv);
        }
        let mut texts = Vec::new();
        for mv in back.into_iter().rev() {
            texts.push((replay.to_move(), replay.move_text(&mv)));
            replay.play_unchecked(&mv);
        }
        let feedback = match game.outcome() {
            Outcome::Ongoing => Feedback::info(game.hint()),
            outcome => Feedback::info(format!("{outcome}. N starts a new game.")),
        };
        let seats = vec![Controller::Local; game.players().len()];
        let legal = game.legal_moves();
        Match {
            game,
            legal,
            texts,
            feedback,
            redo: RedoStack::default(),
            chance_back: Vec::new(),
            seats,
            can_confirm: false,
            ended: None,
            note: None,
            generation: next_generation(),
            remote: None,
            thinking: false,
        }
    }

    /// The same match with `seats` playing (in turn order); seats not given stay local.
    pub fn with_seats(mut self, seats: &[Controller]) -> Match<G> {
        for (seat, controller) in self.seats.iter_mut().zip(seats) {
            *seat = controller.clone();
        }
        if self.seats.contains(&Controller::Remote) {
            self.remote = Some(RemoteSeats::default());
        }
        self
    }

    /// Whether a person plays any seat here.
    pub fn has_local_seat(&self) -> bool {
        self.seats.contains(&Controller::Local)
    }

    /// Every legal move in the position now, as the rules give them: worked out once when
    /// the position changes (a move, a take-back, a new game), not at every look.
    pub fn legal(&self) -> &[G::Move] {
        &self.legal
    }

    /// The position changed: its legal moves are worked out again, and what was entered
    /// for the old one can no longer be confirmed.
    fn position_changed(&mut self) {
        self.legal = self.game.legal_moves();
        self.can_confirm = false;
        self.generation = next_generation();
        self.thinking = false;
    }

    /// Whether the game has ended, by the rules or otherwise.
    pub fn is_over(&self) -> bool {
        self.ended.is_some() || self.game.outcome().is_over()
    }

    /// Moves played so far.
    pub fn ply(&self) -> usize {
        self.texts.len()
    }

    /// The notation of every move so far.
    pub fn move_texts(&self) -> Vec<String> {
        self.texts.iter().map(|(_, t)| t.clone()).collect()
    }

    /// The move list as the HUD shows it.
    pub fn lines(&self) -> Vec<MoveLine> {
        G::lines(&self.texts)
    }

    /// Who plays the seat to move.
    pub fn controller_to_move(&self) -> Controller {
        let to_move = self.game.to_move();
        self.game
            .players()
            .iter()
            .position(|p| *p == to_move)
            .and_then(|i| self.seats.get(i).cloned())
            .unwrap_or_default()
    }

    /// "Red to move", or the result.
    pub fn status(&self) -> String {
        if let Some(end) = &self.ended {
            return format!("Game over: {end}");
        }
        let mut status = self.game.status(&self.texts);
        if !self.is_over() {
            if let Some(note) = &self.note {
                status = format!("{status} {note}");
            }
            if self.thinking {
                status.push_str(", thinking...");
            }
        }
        if let Some(note) = self.remote.as_ref().and_then(|r| r.note.as_ref()) {
            status = format!("{status} ({note})");
        }
        status
    }

    /// Plays `mv`: its notation and what it did, or the refusal in words.
    fn play(&mut self, mv: &G::Move) -> Result<(G::Move, String, G::Effect), String> {
        let text = self.game.move_text(mv);
        match self.game.play_effect(mv) {
            Ok(effect) => Ok((mv.clone(), text, effect)),
            Err(e) => Err(format!("Refused: {text}: {e}")),
        }
    }

    /// Resolves the chance now due: the one taken back last if it fits, else a fresh one
    /// from the game's seeded generator.
    fn resolve_chance(&mut self) -> Result<(G::Move, String, G::Effect), String> {
        if let Some(mv) = self.chance_back.last().cloned() {
            let text = self.game.move_text(&mv);
            if let Ok(effect) = self.game.play_effect(&mv) {
                self.chance_back.pop();
                return Ok((mv, text, effect));
            }
        }
        let mv = self
            .game
            .draw_chance()
            .map_err(|e| format!("Not now: {e}"))?;
        let text = self.game.move_text(&mv);
        let effect = self
            .game
            .play_effect(&mv)
            .map_err(|e| format!("Refused: {text}: {e}"))?;
        Ok((mv, text, effect))
    }

    /// Takes back one move; its notation, or `None` at the start.
    fn undo_one(&mut self) -> Option<String> {
        let mv = self.game.undo()?;
        if G::is_chance(&mv) {
            self.chance_back.push(mv.clone());
        }
        self.redo.push(mv);
        self.ended = None;
        self.note = None;
        self.texts.pop().map(|(_, t)| t)
    }
}

/// Someone (a click, a redo, a scene; later a computer or a remote seat) asks for a move.
#[derive(Message, Debug, Clone)]
pub enum Intent<G: TableRules> {
    /// Play this move.
    Play(G::Move),
    /// Resolve the chance now due: throw the die.
    Chance,
    /// A move the table's server accepted (anyone's, a chance input too): played as it is.
    Confirmed(G::Move),
}

/// A move was played: by whom, how it is written, and what it did.
#[derive(Message, Debug, Clone)]
pub struct Played<G: TableRules> {
    /// The move.
    pub mv: G::Move,
    /// Who played it.
    pub player: G::Player,
    /// Its notation.
    pub text: String,
    /// What it did.
    pub effect: G::Effect,
}

/// Whether the seat to move is played at this screen: input listens only then.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalTurn(pub bool);

impl Default for LocalTurn {
    fn default() -> Self {
        LocalTurn(true)
    }
}

/// Marks every entity that shows the position (pieces on the board, in reserve, set aside):
/// a reset despawns them all and spawns them again from the game.
#[derive(Component, Debug, Clone, Copy, Default)]
#[require(bevy::state::state_scoped::DespawnOnExit<crate::state::AtTable> = bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable))]
pub struct TablePiece;

/// Piece entities are spawned at start-up in this set: models must be ready before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpawnSet;

/// Piece entities are rebuilt from the game after a reset in this set: the game's own
/// systems that follow moves run before it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RebuildSet;

/// The systems of one game: they run only while that game is on the table (its [`Match`]
/// exists). Every system a game adds belongs to its set.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameSystems(pub GameKind);

/// The match of `G`: its messages, commands, intents, the HUD it publishes, and its pieces
/// spawned and rebuilt from the game. All five games are
/// installed side by side; only the one whose match exists runs.
pub fn plugin<G: TableRules>(app: &mut App) {
    let on_table = || resource_exists::<Match<G>>;
    let set = GameSystems(G::KIND);
    app.configure_sets(PreUpdate, set.run_if(on_table()))
        .configure_sets(Update, set.run_if(on_table()))
        .configure_sets(PostUpdate, set.run_if(on_table()))
        .configure_sets(OnEnter(crate::state::AtTable), set.run_if(on_table()))
        .add_message::<Intent<G>>()
        .add_message::<Played<G>>()
        .add_plugins(crate::computer::plugin::<G>)
        .add_plugins(crate::remote::plugin::<G>)
        .add_systems(
            Update,
            (apply_commands::<G>, apply_intents::<G>, publish::<G>)
                .chain()
                .in_set(MatchSet)
                .in_set(set),
        )
        .add_systems(
            OnEnter(crate::state::AtTable),
            spawn_pieces::<G>.in_set(SpawnSet).in_set(set),
        )
        .add_systems(
            Update,
            rebuild_on_reset::<G>
                .in_set(RebuildSet)
                .in_set(set)
                .after(MatchSet)
                .before(crate::motion::MotionSet),
        );
}

/// What every game's match shares, added once: who may click. The players' input listens
/// only while the seat to move is played at this screen.
pub fn shared_plugin(app: &mut App) {
    app.init_resource::<LocalTurn>().configure_sets(
        Update,
        crate::playing::InputSet.run_if(|local: Res<LocalTurn>| local.0),
    );
}

fn apply_intents<G: TableRules>(
    mut intents: MessageReader<Intent<G>>,
    mut the_match: ResMut<Match<G>>,
    mut played: MessageWriter<Played<G>>,
) {
    for intent in intents.read() {
        let m = &mut *the_match;
        if let Some(end) = &m.ended {
            m.feedback = Feedback::error(format!("Refused: the game is over ({end})"));
            continue;
        }
        let player = m.game.to_move();
        let ply = m.game.ply();
        // At a server's table, a move made here goes there; it is played when it comes back.
        if let (Some(remote), Intent::Play(_) | Intent::Chance) = (&mut m.remote, intent) {
            let (request, said) = match intent {
                Intent::Play(mv) => {
                    let text = m.game.move_text(mv);
                    (
                        Outgoing::Move {
                            text: text.clone(),
                            ply,
                        },
                        text,
                    )
                }
                _ => (Outgoing::Chance { ply }, "the throw".to_string()),
            };
            remote.outbox.push(request);
            m.feedback = Feedback::info(format!("Sent {said} to the table's server..."));
            continue;
        }
        let first = match intent {
            Intent::Play(mv) | Intent::Confirmed(mv) => m.play(mv),
            Intent::Chance => m.resolve_chance(),
        };
        let mut steps = match first {
            Ok(step) => vec![step],
            Err(why) => {
                m.feedback = Feedback::error(why);
                continue;
            }
        };
        // (The server sends the chance it resolves as moves of their own.)
        while m.remote.is_none() && m.game.chance_now() {
            match m.resolve_chance() {
                Ok(step) => steps.push(step),
                Err(why) => {
                    m.feedback = Feedback::error(why);
                    break;
                }
            }
        }
        m.position_changed();
        let mut said = Vec::new();
        for (mv, text, effect) in steps {
            m.redo.played(&mv);
            m.texts.push((player, text.clone()));
            said.push(text.clone());
            played.write(Played {
                mv,
                player,
                text,
                effect,
            });
        }
        m.feedback = Feedback::info(m.game.announce(player, &said));
    }
}

fn apply_commands<G: TableRules>(
    review: Option<Res<crate::playing::Review>>,
    mut commands: MessageReader<MatchCommand>,
    mut the_match: ResMut<Match<G>>,
    mut intents: MessageWriter<Intent<G>>,
    mut reset: MessageWriter<BoardReset>,
) {
    let looking_back = review.is_some_and(|r| r.active());
    for command in commands.read() {
        let m = &mut *the_match;
        if m.remote.is_some()
            && matches!(
                command,
                MatchCommand::Undo | MatchCommand::Redo | MatchCommand::NewGame
            )
            && !looking_back
        {
            m.feedback = Feedback::error(
                "At a server's table every move stands: no take-back, replay or new game here",
            );
            continue;
        }
        match command {
            MatchCommand::Undo => match m.undo_one() {
                Some(mut text) => {
                    // Chance resolved at once goes back with the move that brought it.
                    while m.game.chance_now() && m.undo_one().is_some() {}
                    // Against the computer, a player takes back to their own last move
                    // (looking back steps one move at a time).
                    if !looking_back && m.has_local_seat() {
                        while m.controller_to_move().is_computer() {
                            match m.undo_one() {
                                Some(t) => text = format!("{t} and {text}"),
                                None => break,
                            }
                            while m.game.chance_now() && m.undo_one().is_some() {}
                        }
                    }
                    m.position_changed();
                    m.feedback = Feedback::info(format!("Took back {text}. {}", m.game.hint()));
                    reset.write(BoardReset);
                }
                None => m.feedback = Feedback::error("Nothing to take back"),
            },
            MatchCommand::NewGame => match m.game.fresh() {
                Ok(game) => {
                    let seats = std::mem::take(&mut m.seats);
                    *m = Match::new(game);
                    m.seats = seats;
                    m.feedback = Feedback::info(m.game.new_game_note());
                    reset.write(BoardReset);
                }
                Err(e) => m.feedback = Feedback::error(e),
            },
            MatchCommand::Redo => match m.redo.next().cloned() {
                // Looking back at a server's table: the move was the server's already.
                Some(mv) if m.remote.is_some() => {
                    intents.write(Intent::Confirmed(mv));
                }
                Some(mv) if G::is_chance(&mv) => {
                    intents.write(Intent::Chance);
                }
                Some(mv) => {
                    intents.write(Intent::Play(mv));
                }
                None => m.feedback = Feedback::error("Nothing to play again"),
            },
            // The game's input turns a confirmation into an intent; the computer's systems
            // answer a request for a hint.
            MatchCommand::Confirm | MatchCommand::Hint => {}
        }
    }
}

/// Tells the camera whose turn it is, the input whether it is a local one, and the HUD what
/// to show.
fn publish<G: TableRules>(
    the_match: Res<Match<G>>,
    mut seat: ResMut<Seat>,
    mut local: ResMut<LocalTurn>,
    mut hud: ResMut<HudState>,
) {
    if !the_match.is_changed() {
        return;
    }
    let game = &the_match.game;
    let to_move = game.to_move();
    seat.set_if_neq(game.seat_of(to_move));
    local.set_if_neq(LocalTurn(
        the_match.controller_to_move() == Controller::Local,
    ));
    *hud = HudState {
        title: game.title(),
        status: the_match.status(),
        over: the_match.is_over(),
        status_color: if the_match.is_over() {
            RESULT_COLOR
        } else {
            game.status_color(to_move)
        },
        feedback: the_match.feedback.clone(),
        counters: game.counters(),
        moves: the_match.lines(),
        controls: G::CONTROLS.into(),
        confirm: if the_match.is_over() {
            None
        } else {
            G::confirm_label(&the_match)
        },
        rules: G::RULES,
    };
}

fn spawn_pieces<G: TableRules>(mut commands: Commands, the_match: Res<Match<G>>) {
    the_match.game.spawn_pieces(&mut commands);
}

fn rebuild_on_reset<G: TableRules>(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    the_match: Res<Match<G>>,
    shown: Query<Entity, With<TablePiece>>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    the_match.game.spawn_pieces(&mut commands);
}
