//! The `Game` trait shared by every game, and the outcome of a game.

use std::fmt;

/// Why a game ended in a draw.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DrawReason {
    /// A position repeated and nobody won within the grace period that followed.
    Repetition,
    /// The player to move had no legal move and the rules option calls that a draw.
    NoMove,
    /// Too many moves passed without progress.
    MoveLimit,
    /// Neither side can win any more.
    InsufficientMaterial,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Repetition => "repetition",
            DrawReason::NoMove => "no legal move",
            DrawReason::MoveLimit => "move limit",
            DrawReason::InsufficientMaterial => "insufficient material",
        })
    }
}

/// The state of a game: still going, won, or drawn.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Outcome<P> {
    /// The game goes on.
    Ongoing,
    /// One player won.
    Win(P),
    /// A team of players won together.
    TeamWin(Vec<P>),
    /// Nobody won.
    Draw(DrawReason),
}

impl<P> Outcome<P> {
    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

impl<P: fmt::Display> fmt::Display for Outcome<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win(p) => write!(f, "{p} wins"),
            Outcome::TeamWin(ps) => {
                let names: Vec<String> = ps.iter().map(ToString::to_string).collect();
                write!(f, "{} win", names.join(" and "))
            }
            Outcome::Draw(r) => write!(f, "draw by {r}"),
        }
    }
}

/// Why a checked move was refused. The position is unchanged when this is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The move is not among the legal moves; the text says why.
    #[error("illegal move: {0}")]
    Illegal(String),
    /// A chance input (a die throw) is needed before a move can be made.
    #[error("a chance input is needed first")]
    ChancePending,
}

/// What kind of random input a game is waiting for, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chance {
    /// A die with the given number of faces, numbered from 1.
    Die {
        /// Number of faces.
        faces: u8,
    },
    /// A card drawn from a face-down stack: the input is its index among the cards left.
    Card {
        /// Cards left in the stack.
        cards: u32,
    },
}

/// A game: how it is built (standard opening or setup, under options), players in turn
/// order, moves, legality, play and undo, outcome, chance, and what each move did.
///
/// Legality has one definition: a move is legal exactly when it is among
/// [`Game::legal_moves`]. [`Game::play`] checks that and leaves the game unchanged on
/// error; [`Game::play_unchecked`] trusts its caller (search, perft, replay of generated moves).
///
/// A game remembers where it started ([`Game::start`]), under which options
/// ([`Game::options`]), and the moves played since ([`Game::history`]): playing the history
/// with [`Game::play`] from `Game::from_setup(start, options)` gives an equal game, so that a
/// game is saved as its options, its setup (left out when [`Game::is_standard_setup`]) and
/// its moves. [`Game::play_effect`] plays a move and tells what it did, so that a view can
/// show the move from the move, its effect and the position after, without comparing
/// positions.
pub trait Game: Clone {
    /// A move of this game.
    type Move: Clone + Eq + fmt::Debug + Send + Sync + 'static;
    /// A player (or seat) of this game.
    type Player: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// The game's rules options (read from scenes and saves as RON).
    type Options: crate::options::RulesOptions
        + fmt::Debug
        + PartialEq
        + Default
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// A starting position the game can be built from (checked by [`Game::from_setup`]).
    type Setup: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;
    /// Why options are refused.
    type OptionsError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// Why a setup is refused, or could not be read; it carries an options error where the
    /// options are checked with the setup.
    type SetupError: std::error::Error
        + Clone
        + PartialEq
        + From<Self::OptionsError>
        + Send
        + Sync
        + 'static;
    /// What identifies a position ([`Game::position_key`]).
    type PositionKey: Eq + std::hash::Hash + 'static;
    /// What a move did, as [`Game::play_effect`] reports it.
    type Effect: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;

    /// The game's names and descriptions, as the list of games shows them.
    const ABOUT: crate::registry::About;

    /// Whether `text` names a square (space, slot) of the game, as scenes' notes and lessons
    /// write them.
    fn is_square_name(text: &str) -> bool;

    /// The name of the option an options error is about, where it is about one, so that a
    /// scene can point at it.
    fn option_at_fault(_error: &Self::OptionsError) -> Option<&'static str> {
        None
    }

    /// What identifies the position now (the pieces and whose turn it is), so that perft
    /// can count distinct positions: equal keys, the same position.
    fn position_key(&self) -> Self::PositionKey;

    /// The standard opening under `options`; refused when an option is out of range.
    fn from_options(options: Self::Options) -> Result<Self, Self::OptionsError>;
    /// A game from `setup` under `options`, both checked: the setup must be a position the
    /// rules and the options allow (pieces on real squares, counts within what the options
    /// give, no two pieces where the rules forbid it).
    fn from_setup(setup: Self::Setup, options: Self::Options) -> Result<Self, Self::SetupError>;
    /// Reads the game's setup text form under `options`, checked as [`Game::from_setup`]
    /// checks it; errors name the line at fault.
    fn parse_setup(text: &str, options: &Self::Options) -> Result<Self::Setup, Self::SetupError>;
    /// The setup text form of `setup`, which [`Game::parse_setup`] reads back.
    fn setup_text(setup: &Self::Setup) -> String;
    /// Whether the game started from the standard opening of its options (what
    /// [`Game::from_options`] builds), so that a save may leave its setup out.
    fn is_standard_setup(&self) -> bool;
    /// The rules options the game is played under.
    fn options(&self) -> &Self::Options;
    /// Where the game started.
    fn start(&self) -> &Self::Setup;
    /// The moves played from [`Game::start`], in order (chance inputs included, for games
    /// that have them): played with [`Game::play`] from
    /// `Game::from_setup(start, options)`, they give an equal game. Resignations are kept
    /// beside them ([`Game::resignations`]); [`crate::resign::acts`] gives both in order.
    fn history(&self) -> Vec<Self::Move>;
    /// Plays a move after the same checks as [`Game::play`] (on error nothing changes) and
    /// tells what it did.
    fn play_effect(&mut self, mv: &Self::Move) -> Result<Self::Effect, PlayError>;

    /// All players in turn order.
    fn players(&self) -> Vec<Self::Player>;
    /// The player whose turn it is.
    fn to_move(&self) -> Self::Player;
    /// Every legal move in the current position (empty once the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// How many legal moves there are (perft's last ply); games may count without
    /// building the moves.
    fn legal_move_count(&self) -> usize {
        self.legal_moves().len()
    }
    /// The legal move at place `choose(n)` of [`Game::legal_moves`], where `n` is the
    /// number of legal moves: `None` when there is none (then `choose` is not called) or
    /// when `choose` answers `n` or more. Picking one move at random (`choose` draws a
    /// number below `n`) is uniform over the listed moves; games may find the move without
    /// building the list.
    fn choose_legal_move(&self, choose: impl FnOnce(usize) -> usize) -> Option<Self::Move> {
        let mut moves = self.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let n = choose(moves.len());
        (n < moves.len()).then(|| moves.swap_remove(n))
    }
    /// Whether `mv` is legal now.
    fn is_legal(&self, mv: &Self::Move) -> bool {
        self.legal_moves().contains(mv)
    }
    /// Plays a move after checking it; on error nothing changes.
    fn play(&mut self, mv: &Self::Move) -> Result<(), PlayError> {
        check_move(self, mv)?;
        self.play_unchecked(mv);
        Ok(())
    }
    /// Plays a move known to be legal.
    fn play_unchecked(&mut self, mv: &Self::Move);
    /// Takes back the last move (and any resignation made after it); returns it, or `None`
    /// at the start.
    fn undo(&mut self) -> Option<Self::Move>;
    /// Whether the game is going on, won or drawn.
    fn outcome(&self) -> Outcome<Self::Player>;
    /// A human explanation of why `mv` is not legal.
    fn why_illegal(&self, _mv: &Self::Move) -> String {
        "not a legal move in this position".to_string()
    }
    /// How many enemy pieces the move whose effect this is took: captured, sunk, or, in a
    /// game where pieces are not taken, attacked. Lessons ask for it; none by default.
    fn captured(_effect: &Self::Effect) -> usize {
        0
    }
    /// Whether the move `mv`, whose effect this is, left the piece it moved (or set down)
    /// on the square named `square` ([`Game::is_square_name`]); `self` is the game after
    /// the move. Lessons ask for it; never by default.
    fn reaches(&self, _mv: &Self::Move, _effect: &Self::Effect, _square: &str) -> bool {
        false
    }
    /// How many steps `player` still needs to reach his goal by the shortest way the
    /// position leaves open, in a game that measures it (the race home of the fence race);
    /// `None` where the game measures none, or his way is shut. Lessons ask for it.
    fn distance_to_goal(&self, _player: &Self::Player) -> Option<u32> {
        None
    }
    /// Why the move written `text`, which [`Game::parse_move`] reads as no legal move, is
    /// refused, where the rules can say more than the notation's reason (a lesson tells the
    /// player); `None` by default, and for a text that names a legal move.
    fn why_refused(&self, _text: &str) -> Option<String> {
        None
    }
    /// The chance input the game waits for before the next move, if any.
    fn pending_chance(&self) -> Option<Chance> {
        None
    }
    /// Supplies a chance input (for example the face a die landed on).
    fn resolve_chance(&mut self, _value: u32) -> Result<(), PlayError> {
        Err(PlayError::Illegal("this game has no chance input".into()))
    }
    /// Draws the chance input due (throws the die, draws a card) from the game's own
    /// generator, seeded by its options, and plays it.
    fn draw_chance(&mut self) -> Result<(), PlayError> {
        Err(PlayError::Illegal("this game has no chance input".into()))
    }
    /// The spots a player clicks on a board, in order, to make the legal move `mv`: the
    /// squares (spaces, slots) it names as [`Game::is_square_name`] reads them, absolute
    /// (not counted from the mover's side), and special spots that are no square, such as
    /// a reserve, a heading or a choice between moves, which a page shows as buttons beside
    /// the board. Moves are told apart by their paths: [`Game::click_paths`] lists them
    /// all, ending with [`STOP`] a path that is the start of another's. By default a move
    /// is one button, its text.
    fn click_path(&self, mv: &Self::Move) -> Vec<String> {
        vec![self.move_text(mv)]
    }
    /// Every legal move with its click path ([`Game::click_path`]), in the order of
    /// [`Game::legal_moves`]; a path that is the start of another move's path ends with the
    /// explicit spot [`STOP`], so that no move is made before the player says which one.
    fn click_paths(&self) -> Vec<(Self::Move, Vec<String>)> {
        let mut paths: Vec<(Self::Move, Vec<String>)> = self
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let path = self.click_path(&mv);
                (mv, path)
            })
            .collect();
        let prefixes: Vec<bool> = paths
            .iter()
            .map(|(_, path)| {
                paths
                    .iter()
                    .any(|(_, other)| other.len() > path.len() && other.starts_with(path))
            })
            .collect();
        for ((_, path), prefix) in paths.iter_mut().zip(prefixes) {
            if prefix {
                path.push(STOP.to_string());
            }
        }
        paths
    }
    /// Prints a move in the game's own notation.
    fn move_text(&self, mv: &Self::Move) -> String;
    /// Reads a move in the game's own notation and resolves it against the position.
    fn parse_move(&self, text: &str) -> Result<Self::Move, crate::NotationError>;
    /// Number of moves played so far.
    fn ply(&self) -> usize;
    /// The resignations made so far ([`crate::resign`]), in order, each with the number of
    /// moves played before it.
    fn resignations(&self) -> Vec<crate::resign::Resignation<Self::Player>>;
    /// `player` resigns, whether or not it is his turn (Law X: resigning counts as a
    /// loss): with two players or two teams his opponents win; with more he drops out and
    /// the game goes on for the others, turns passing him by, until one is left. Refused
    /// once the game is over, and for a player who is out of it already
    /// ([`crate::resign::check`]); on error nothing changes.
    fn resign(&mut self, player: Self::Player) -> Result<(), PlayError>;
    /// Takes back the last resignation, when no move has been played since it; who it was.
    fn unresign(&mut self) -> Option<Self::Player>;
}

/// The click-path spot that ends a move whose path is also the start of a longer one
/// ([`Game::click_paths`]): a canter that could go on, a jump chain that could go further.
pub const STOP: &str = "stop";

/// The checks of [`Game::play`]: the game goes on, no chance input is due, and `mv` is
/// legal (else why not).
pub fn check_move<G: Game>(game: &G, mv: &G::Move) -> Result<(), PlayError> {
    if game.outcome().is_over() {
        return Err(PlayError::GameOver);
    }
    if game.pending_chance().is_some() {
        return Err(PlayError::ChancePending);
    }
    if !game.is_legal(mv) {
        return Err(PlayError::Illegal(game.why_illegal(mv)));
    }
    Ok(())
}
