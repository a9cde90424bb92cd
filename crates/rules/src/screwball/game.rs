//! A Screwball game: screws and balls, moves toward their owner, attacks that make the
//! attacker set a penalty piece of the victim's on the victim's starting row, bonus moves
//! while attacking, dead pieces (on the owner's edge, or where no square of their size lies
//! in a direction they may move), and the end when one player's reserve is spent (or, when
//! both players pass in a row, a draw by default: see [`Stalled`]).
//!
//! The options, positions and moves have their own modules; their items are named here too.

use super::board::{Board, Size, SpaceId};
use super::tables::{Bits, Tables, bit, tables};
use crate::game::{DrawReason, Game, Outcome, PlayError};
use crate::registry::About;

pub use super::moves::{Move, Placement, Placements, ScrewballEffect};
pub use super::options::{
    LARGE_PIECES, NoMove, OptionsError, SMALL_PIECES, ScrewballOptions, Stalled,
};
use super::position::size_index;

/// The click-path spot of the reserve a piece is entered from ([`Game::click_path`]).
pub const RESERVE: &str = "reserve";
/// The click-path spot of a pass.
pub const PASS: &str = "pass";
pub use super::position::{
    BALLS_START, Piece, Player, Position, SCREWS_START, START_DEPTH, SetupError, dead_at,
    distance_from_start, geometric_steps, may_go, square_for,
};

/// A Screwball game in progress.
#[derive(Debug, Clone)]
pub struct Screwball {
    pos: Position,
    start: Position,
    options: ScrewballOptions,
    frames: Vec<(Move, Position)>,
    /// Who resigned (Law X): the game is his opponent's.
    resigned: crate::resign::Resigned<Player>,
}

impl Screwball {
    /// The opening with these options, once [`ScrewballOptions::check`] accepts them.
    pub fn new(options: ScrewballOptions) -> Result<Screwball, OptionsError> {
        options.check()?;
        Ok(Screwball::unchecked(Position::standard(), options))
    }

    /// A game from a position, once the options and the position's counts under them are
    /// checked ([`Position::check`]).
    pub fn from_position(
        pos: Position,
        options: ScrewballOptions,
    ) -> Result<Screwball, SetupError> {
        pos.check(&options)?;
        Ok(Screwball::unchecked(pos, options))
    }

    /// A game from the setup text form ([`Position::parse`]).
    pub fn from_setup_text(text: &str, options: ScrewballOptions) -> Result<Screwball, SetupError> {
        let pos = Position::parse(text, &options)?;
        Ok(Screwball::unchecked(pos, options))
    }

    fn unchecked(pos: Position, options: ScrewballOptions) -> Screwball {
        Screwball {
            start: pos.clone(),
            pos,
            options,
            frames: Vec::new(),
            resigned: Default::default(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The options.
    pub fn options(&self) -> &ScrewballOptions {
        &self.options
    }

    /// The moves played.
    pub fn moves(&self) -> impl Iterator<Item = &Move> {
        self.frames.iter().map(|f| &f.0)
    }

    /// A Zobrist key of the game's state for a transposition table: the position's key
    /// ([`Position::key`]), marked when the last move was a pass (another pass would end the
    /// game).
    pub fn key(&self) -> u64 {
        if self.stalling() {
            self.pos.key ^ tables().passed_key
        } else {
            self.pos.key
        }
    }

    /// Whether each of the last `n` moves was a pass made at the start of a turn, by a player
    /// who could neither move nor enter (not one that ended a turn after an attack).
    fn passed(&self, n: usize) -> bool {
        self.frames.len() >= n
            && self.frames[self.frames.len() - n..]
                .iter()
                .all(|(mv, before)| *mv == Move::Pass && !before.bonus)
    }

    /// Whether the last move was a pass at the start of a turn: another would end the game.
    fn stalling(&self) -> bool {
        self.passed(1)
    }

    /// Whether both players passed in a row: the position and the turn are as they were two
    /// moves ago, and no one can ever move again.
    pub fn stalled(&self) -> bool {
        self.passed(2)
    }

    /// Whether the player to move has a step to make.
    fn can_step(&self) -> bool {
        let t = tables();
        let me = self.pos.to_move;
        let free = !self.pos.occupied();
        Bits(self.pos.men[me.index()])
            .any(|from| t.steps[me.index()][usize::from(from.0)] & free != 0)
    }

    /// A player's pieces of `size` still in reserve in `pos`.
    fn reserve_in(&self, pos: &Position, player: Player, size: Size) -> u8 {
        self.options.owned(size).saturating_sub(
            pos.on_board(player, size)
                .saturating_add(pos.dead(player, size)),
        )
    }

    /// A player's pieces of `size` still in reserve.
    pub fn reserve(&self, player: Player, size: Size) -> u8 {
        self.reserve_in(&self.pos, player, size)
    }

    /// The size of the penalty piece set for a victim of `size` (the same size, else the
    /// other), if the victim has any reserve left.
    pub fn penalty_size(&self, pos: &Position, victim: Player, size: Size) -> Option<Size> {
        [size, size.other()]
            .into_iter()
            .find(|s| self.reserve_in(pos, victim, *s) > 0)
    }

    /// The squares a penalty or entered piece of `player`'s may be set on, with
    /// [`ScrewballOptions::place_only_where_playable`]: every square, or those it could move
    /// from.
    #[inline]
    fn placeable(&self, t: &Tables, player: Player) -> u128 {
        if self.options.place_only_where_playable {
            !t.dead[player.index()]
        } else {
            !0
        }
    }

    /// Why a penalty or entered piece of `player`'s may not go on the vacant square `at`
    /// when the only thing against it is that it could never move from there (under
    /// [`ScrewballOptions::place_only_where_playable`]).
    fn never_moves_from(&self, player: Player, at: SpaceId) -> Option<String> {
        if !self.options.place_only_where_playable || !dead_at(player, at) {
            return None;
        }
        let size = tables().piece_size(at);
        Some(format!(
            "it is vacant, but a {} {} there could never move, and pieces are set only where \
             they can move (--place-anywhere allows it)",
            size.word(),
            match player {
                Player::Screws => "screw",
                Player::Balls => "ball",
            }
        ))
    }

    /// How many steps the player to move has.
    fn for_each_step_count(&self) -> usize {
        let mut n = 0;
        self.for_each_step(|_, _, _| n += 1);
        n
    }

    /// The vacant squares nearest a player's starting row that a piece of `size` may be set
    /// on (with [`ScrewballOptions::place_only_where_playable`], only squares it could move
    /// from).
    pub fn nearest_vacant(&self, pos: &Position, player: Player, size: Size) -> Vec<SpaceId> {
        let t = tables();
        let allowed = !pos.occupied() & self.placeable(t, player);
        Bits(t.bands[player.index()][size_index(size)].nearest(allowed)).collect()
    }

    /// Every step of the player to move, each with every way to set its penalty pieces,
    /// handed to `each`.
    #[inline]
    fn for_each_step(&self, mut each: impl FnMut(SpaceId, SpaceId, &Placements)) {
        let t = tables();
        let pos = &self.pos;
        let me = pos.to_move;
        let them = me.other();
        let own = pos.men[me.index()];
        let enemy = pos.men[them.index()];
        let occupied = own | enemy;
        let mut left = [
            self.reserve_in(pos, them, Size::Large),
            self.reserve_in(pos, them, Size::Small),
        ];
        let allowed = self.placeable(t, them);
        let mut spots = Placements::new();
        for from in Bits(own) {
            for to in Bits(t.steps[me.index()][usize::from(from.0)] & !occupied) {
                let victims = t.attacks[me.index()][usize::from(to.0)] & enemy;
                if victims == 0 {
                    each(from, to, &spots);
                    continue;
                }
                let after = occupied ^ bit(from) ^ bit(to);
                let mut step = |p: &Placements| each(from, to, p);
                place(
                    t, them, victims, after, allowed, &mut left, &mut spots, &mut step,
                );
            }
        }
    }

    /// The moves of the player to move, whether or not the game has ended. On a bonus move
    /// they are his steps and the pass that ends his turn; at the start of a turn his steps,
    /// else his entries, else the pass.
    fn generate(&self, out: &mut Vec<Move>) {
        self.for_each_step(|from, to, placements| {
            out.push(Move::Step {
                from,
                to,
                placements: *placements,
            })
        });
        if self.pos.bonus {
            out.push(Move::Pass);
            return;
        }
        if out.is_empty() {
            self.entries(|at| out.push(Move::Enter(at)));
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    /// The entries of the player to move (who cannot step), if the rules let him enter: only
    /// at the start of a turn, never on a bonus move.
    fn entries(&self, mut each: impl FnMut(SpaceId)) {
        if self.options.no_move != NoMove::Enter || self.pos.bonus {
            return;
        }
        let t = tables();
        let me = self.pos.to_move;
        let mut open = t.start_row[me.index()] & !self.pos.occupied() & self.placeable(t, me);
        for size in [Size::Large, Size::Small] {
            if self.reserve(me, size) == 0 {
                open &= !t.squares_for(size);
            }
        }
        Bits(open).for_each(&mut each);
    }

    /// Whether a move attacked (and so earns another move).
    pub fn attacks(&self, mv: &Move) -> bool {
        match mv {
            Move::Step { from, to, .. } => !self
                .pos
                .attacked_after(self.pos.to_move, *from, *to)
                .is_empty(),
            _ => false,
        }
    }

    /// Plays a move known to be legal; with `RECORD`, tells what it did (else the effect is
    /// left empty, at no cost).
    fn apply<const RECORD: bool>(&mut self, mv: &Move) -> ScrewballEffect {
        let before = self.pos.clone();
        let t = tables();
        let me = self.pos.to_move;
        let them = me.other();
        let mut again = false;
        let mut effect = ScrewballEffect {
            player: me,
            mover: None,
            mover_died: false,
            attacked: Vec::new(),
            placements: Vec::new(),
            again: false,
        };
        match mv {
            Move::Step {
                from,
                to,
                placements,
            } => {
                if RECORD {
                    effect.mover = self.pos.at(*from);
                }
                self.pos.take(me, *from);
                self.pos.put(me, *to);
                let victims = t.attacks[me.index()][usize::from(to.0)] & self.pos.men[them.index()];
                again = victims != 0;
                let allowed = self.placeable(t, them);
                let mut spots = placements.iter();
                let mut arrived = 0u128;
                for victim in Bits(victims) {
                    if RECORD {
                        effect.attacked.push(victim);
                    }
                    let Some(size) = self.penalty_size(&self.pos, them, t.piece_size(victim))
                    else {
                        continue;
                    };
                    let choices = t.bands[them.index()][size_index(size)]
                        .nearest(!self.pos.occupied() & allowed);
                    if choices == 0 {
                        continue;
                    }
                    if let Some(spot) = spots.next() {
                        self.pos.put(them, *spot);
                        arrived |= bit(*spot);
                        if RECORD {
                            effect.placements.push(Placement {
                                piece: Piece {
                                    owner: them,
                                    size: t.piece_size(*spot),
                                },
                                at: *spot,
                                victim: Some(victim),
                                died: false,
                            });
                        }
                    }
                }
                // "If an attacking piece reaches the extreme border of the board, it is
                // considered 'dead' ... if it moves into a position where it cannot move
                // further, it is considered 'dead'": the moved piece and every penalty piece
                // are checked where they now stand (no other piece's square has changed).
                effect.mover_died = self.pos.bury_if_dead(me, *to);
                for at in Bits(arrived) {
                    let died = self.pos.bury_if_dead(them, at);
                    if RECORD
                        && died
                        && let Some(p) = effect.placements.iter_mut().find(|p| p.at == at)
                    {
                        p.died = true;
                    }
                }
            }
            Move::Enter(at) => {
                self.pos.put(me, *at);
                let died = self.pos.bury_if_dead(me, *at);
                if RECORD {
                    effect.placements.push(Placement {
                        piece: Piece {
                            owner: me,
                            size: t.piece_size(*at),
                        },
                        at: *at,
                        victim: None,
                        died,
                    });
                }
            }
            Move::Pass => {}
        }
        // "He is entitled to another move and may keep on as long as he is capable of
        // attacking": a right, so a player with no step to make after an attack simply
        // ends his turn (and a pass on a bonus move ends it too).
        let again = again && self.can_step();
        self.pos.set_bonus(again);
        if !again {
            self.pos.set_to_move(them);
        }
        effect.again = again;
        self.frames.push((mv.clone(), before));
        effect
    }
}

/// Every way to set the penalty pieces for `victims` (a mask, taken lowest first) of
/// `owner`'s, with `occupied` the board's pieces and `left` his reserve by size index; each
/// complete list of squares goes to `each`.
#[allow(clippy::too_many_arguments)]
fn place(
    t: &Tables,
    owner: Player,
    victims: u128,
    occupied: u128,
    allowed: u128,
    left: &mut [u8; 2],
    spots: &mut Placements,
    each: &mut impl FnMut(&Placements),
) {
    if victims == 0 {
        each(spots);
        return;
    }
    let victim = SpaceId(victims.trailing_zeros() as u8);
    let rest = victims & (victims - 1);
    let wanted = size_index(t.piece_size(victim));
    let size = if left[wanted] > 0 {
        wanted
    } else if left[1 - wanted] > 0 {
        1 - wanted
    } else {
        // No reserve left: the game ends; nothing more is set.
        each(spots);
        return;
    };
    let choices = t.bands[owner.index()][size].nearest(!occupied & allowed);
    if choices == 0 {
        place(t, owner, rest, occupied, allowed, left, spots, each);
        return;
    }
    if rest == 0 {
        // The last victim: each square ends a list.
        for spot in Bits(choices) {
            spots.push(spot);
            each(spots);
            spots.pop();
        }
        return;
    }
    left[size] -= 1;
    for spot in Bits(choices) {
        spots.push(spot);
        place(
            t,
            owner,
            rest,
            occupied | bit(spot),
            allowed,
            left,
            spots,
            each,
        );
        spots.pop();
    }
    left[size] += 1;
}

impl Game for Screwball {
    type Move = Move;
    type Player = Player;
    type Options = ScrewballOptions;
    type Setup = Position;
    type OptionsError = OptionsError;
    type SetupError = SetupError;
    type Effect = ScrewballEffect;
    type PositionKey = Position;

    const ABOUT: About = About {
        name: "screwball",
        aliases: &[],
        title: "Screwball Checkers",
        noun: "Screwball Checkers",
        summary: "Dubay's Screwball Checkers (1946).",
        blurb: "William A. Dubay, 1946. Screws and balls on large and small squares; attacks cost penalty pieces.",
        screen_order: &[0, 1, 2, 3],
        chance: false,
    };

    fn is_square_name(text: &str) -> bool {
        crate::screwball::Board::get().parse(text.trim()).is_some()
    }

    fn option_at_fault(error: &OptionsError) -> Option<&'static str> {
        Some(error.field())
    }

    fn position_key(&self) -> Position {
        self.position().clone()
    }

    fn from_options(options: ScrewballOptions) -> Result<Screwball, OptionsError> {
        Screwball::new(options)
    }

    /// The position's counts are checked against the options ([`Position::check`]).
    fn from_setup(setup: Position, options: ScrewballOptions) -> Result<Screwball, SetupError> {
        Screwball::from_position(setup, options)
    }

    fn parse_setup(text: &str, options: &ScrewballOptions) -> Result<Position, SetupError> {
        Position::parse(text, options)
    }

    fn setup_text(setup: &Position) -> String {
        setup.to_string()
    }

    fn is_standard_setup(&self) -> bool {
        self.start == Position::standard()
    }

    fn options(&self) -> &ScrewballOptions {
        &self.options
    }

    fn start(&self) -> &Position {
        &self.start
    }

    fn history(&self) -> Vec<Move> {
        self.frames.iter().map(|f| f.0.clone()).collect()
    }

    fn play_effect(&mut self, mv: &Move) -> Result<ScrewballEffect, PlayError> {
        crate::game::check_move(self, mv)?;
        Ok(self.apply::<true>(mv))
    }

    fn players(&self) -> Vec<Player> {
        Player::ALL.to_vec()
    }

    fn to_move(&self) -> Player {
        self.pos.to_move
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if !self.outcome().is_over() {
            out.reserve(64);
            self.generate(&mut out);
        }
        out
    }

    fn legal_move_count(&self) -> usize {
        if self.outcome().is_over() {
            return 0;
        }
        let mut n = 0;
        self.for_each_step(|_, _, _| n += 1);
        if self.pos.bonus {
            return n + 1;
        }
        if n == 0 {
            self.entries(|_| n += 1);
        }
        n.max(1)
    }

    fn play_unchecked(&mut self, mv: &Move) {
        self.apply::<false>(mv);
    }

    fn undo(&mut self) -> Option<Move> {
        while self.unresign().is_some() {}
        let (mv, before) = self.frames.pop()?;
        self.pos = before;
        Some(mv)
    }

    fn outcome(&self) -> Outcome<Player> {
        if let Some(player) = self.resigned.first() {
            return Outcome::Win(player.other());
        }
        for player in Player::ALL {
            let on = self.pos.on[player.index()];
            let d = self.pos.dead[player.index()];
            let used_large = u16::from(on[0]) + u16::from(d[0]);
            let used_small = u16::from(on[1]) + u16::from(d[1]);
            if used_large >= u16::from(self.options.large)
                && used_small >= u16::from(self.options.small)
            {
                return Outcome::Win(player.other());
            }
        }
        if self.stalled() {
            return match self.options.stalled {
                Stalled::Draw => Outcome::Draw(DrawReason::NoMove),
                Stalled::FewestPieces => {
                    let count = |p: Player| {
                        let on = self.pos.on[p.index()];
                        u16::from(on[0]) + u16::from(on[1])
                    };
                    match count(Player::Screws).cmp(&count(Player::Balls)) {
                        std::cmp::Ordering::Less => Outcome::Win(Player::Screws),
                        std::cmp::Ordering::Greater => Outcome::Win(Player::Balls),
                        std::cmp::Ordering::Equal => Outcome::Draw(DrawReason::NoMove),
                    }
                }
            };
        }
        Outcome::Ongoing
    }

    /// Screwball takes no pieces: what it counts is the enemy pieces a step attacked.
    fn captured(effect: &ScrewballEffect) -> usize {
        effect.attacked.len()
    }

    fn reaches(&self, mv: &Move, effect: &ScrewballEffect, square: &str) -> bool {
        let target = Board::get().parse(square.trim());
        match mv {
            Move::Step { to, .. } => !effect.mover_died && target == Some(*to),
            Move::Enter(at) => target == Some(*at),
            Move::Pass => false,
        }
    }

    fn why_illegal(&self, mv: &Move) -> String {
        let me = self.pos.to_move;
        let b = Board::get();
        match mv {
            Move::Step {
                from,
                to,
                placements,
            } => {
                let Some(piece) = self.pos.at(*from) else {
                    return format!("there is no piece on {}", b.name(*from));
                };
                if piece.owner != me {
                    return format!(
                        "that piece is {}: it is {} turn",
                        piece.owner.possessive(),
                        me.possessive()
                    );
                }
                let square = b.space(*to).size;
                if square != square_for(piece.size) {
                    return format!(
                        "a {} piece stands only on {} squares",
                        piece.size.word(),
                        square_for(piece.size).word()
                    );
                }
                if !b.touching(*from).iter().any(|(id, _)| id == to) {
                    return format!("{} does not touch {}", b.name(*to), b.name(*from));
                }
                if self.pos.at(*to).is_some() {
                    return format!("{} is occupied", b.name(*to));
                }
                if !may_go(me, *from, *to) {
                    return "a piece moves only toward its owner, or sideways toward the centre"
                        .into();
                }
                let them = me.other();
                let mut occupied = (self.pos.occupied() & !bit(*from)) | bit(*to);
                for spot in placements {
                    if occupied & bit(*spot) != 0 {
                        return format!("the penalty piece's square {} is occupied", b.name(*spot));
                    }
                    occupied |= bit(*spot);
                    if let Some(why) = self.never_moves_from(them, *spot) {
                        return format!("no penalty piece goes on {}: {why}", b.name(*spot));
                    }
                }
                "the penalty pieces must go on the vacant squares nearest the victim's starting row"
                    .into()
            }
            Move::Enter(_) if self.pos.bonus => {
                "a reserve piece is entered only at the start of a turn, not on the move an attack earns (pass to end the turn)".into()
            }
            Move::Enter(at) => {
                let t = tables();
                let on_row = t.start_row[me.index()] & bit(*at) != 0;
                let stepping = self.for_each_step_count() > 0;
                if self.options.no_move == NoMove::Enter
                    && !stepping
                    && on_row
                    && self.pos.at(*at).is_none()
                    && let Some(why) = self.never_moves_from(me, *at)
                {
                    return format!("no piece is entered on {}: {why}", b.name(*at));
                }
                "a reserve piece is entered only by a player who cannot move, on a vacant square of his starting row".into()
            }
            Move::Pass => "a player passes only when he can neither move nor enter a piece, or to end his turn after an attack".into(),
        }
    }

    /// A step: the piece's space, where it steps, then each space a penalty piece is set
    /// on; an entry: the reserve ([`RESERVE`]), then the space; a pass: [`PASS`].
    fn click_path(&self, mv: &Move) -> Vec<String> {
        let b = Board::get();
        match mv {
            Move::Step {
                from,
                to,
                placements,
            } => [*from, *to]
                .iter()
                .chain(placements.iter())
                .map(|s| b.name(*s).to_string())
                .collect(),
            Move::Enter(at) => vec![RESERVE.to_string(), b.name(*at).to_string()],
            Move::Pass => vec![PASS.to_string()],
        }
    }

    fn move_text(&self, mv: &Move) -> String {
        super::notation::print(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, crate::NotationError> {
        super::notation::read(self, text)
    }

    fn ply(&self) -> usize {
        self.frames.len()
    }

    fn resignations(&self) -> Vec<crate::resign::Resignation<Player>> {
        self.resigned.list()
    }

    fn resign(&mut self, player: Player) -> Result<(), PlayError> {
        crate::resign::check(self, &player)?;
        self.resigned.push(player, self.ply(), ());
        Ok(())
    }

    fn unresign(&mut self) -> Option<Player> {
        self.resigned.pop_at(self.ply()).map(|(player, ())| player)
    }
}
