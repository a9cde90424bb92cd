//! A game as the table plays it ([`TableRules`], implemented once per game in
//! `src/games/<game>/mod.rs`), and the two messages of the match's one door: an [`Intent`]
//! asks for a move, [`Played`] reports one. Each game's systems belong to its
//! [`GameSystems`] set.

use crate::table::report::{MoveLine, move_lines};
use crate::table::seats::Seat;
use bevy::prelude::*;
use tabula_rules::scene::GameKind;
use tabula_rules::{Game, Outcome, PlayError};

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

    /// The board's coordinates and where each stands on the table, on its edges, where the
    /// notation names squares by file and rank (most through the view's `coordinates::grid`);
    /// none by default.
    fn edge_labels(&self) -> Vec<(String, Vec3)> {
        Vec::new()
    }

    /// The width of one of the board's squares (spaces) on the table: marks drawn on the
    /// board are sized by it.
    fn spot_size(&self) -> f32 {
        1.0
    }

    /// The game's own plugin, headless: its pieces and input (its module's `plugin`).
    const PLUGIN: fn(&mut App);

    /// The game's own plugin in 3D: its board, models, picking and highlights (its `view`
    /// module's `plugin`).
    const VIEW: fn(&mut App);

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

    /// The moves `texts` (this game's, in order, with their players) as the move list
    /// writes them: by default as played; a game may say more than its notation does
    /// (where a capture ends).
    fn listed(&self, texts: &[(Self::Player, String)]) -> Vec<(Self::Player, String)> {
        texts.to_vec()
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

    /// The label of the HUD's Confirm button (Enter), when there is something to confirm:
    /// `legal` are the legal moves now, and `can_confirm` says whether what was entered so
    /// far may be played as it is.
    fn confirm_label(&self, legal: &[Self::Move], can_confirm: bool) -> Option<String> {
        let _ = legal;
        can_confirm.then(|| "Confirm move".to_string())
    }

    /// Where the square (or space, or slot) named `name` in the game's notation stands on the
    /// table, for a demonstration's marks.
    fn square_point(&self, name: &str) -> Option<Vec3>;

    /// Spawns the entities that show the position: pieces on the board, in reserve, set
    /// aside. Each carries [`TablePiece`](crate::table::pieces::TablePiece) (required by the game's piece components), so that
    /// a reset despawns them all.
    fn spawn_pieces(&self, commands: &mut Commands);

    /// What the move `played` did that is worth hearing or telling, in the order it
    /// happened. `self` is the game after it (after any chance resolved with it). By
    /// default a piece set down, and the win if the move ended the game with a winner.
    fn moments(&self, played: &Played<Self>) -> Vec<crate::table::moments::Moment> {
        use crate::table::moments::{Cue, Moment};
        let _ = played;
        let mut moments = vec![Moment::new(Cue::Place)];
        moments.extend(crate::table::moments::win(&self.outcome()));
        moments
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
    /// This player resigns (Law X), whether or not it is his turn; at a server's table the
    /// request goes there first.
    Resign(G::Player),
    /// A resignation the table's server accepted: made as it is.
    Resigned(G::Player),
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

/// The systems of one game: they run only while that game is on the table (its
/// [`Match`](crate::table::game_match::Match) exists). Every system a game adds belongs to
/// its set.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct GameSystems(pub GameKind);
