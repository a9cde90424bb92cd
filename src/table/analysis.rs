//! The engine's eye on the game on the table, for looking back over it. While analysis is
//! on (`A`: while an earlier position is looked at, in a demonstration, or once the game
//! has ended) the position shown is searched off the frame's thread: each player's expected
//! result and the engine's best line ([`Evaluation`]), dropped when the position changes,
//! so that stepping stays instant. On the result screen the whole game can be reviewed
//! ([`GameReview`], [`tabula_ai::review`]): the moves that threw away most are marked
//! `?!`, `?` or `??` in the move list, with the engine's move beside them, and a game saved
//! afterwards keeps the marks as its scene's notes.

use crate::table::commands::{Feedback, MatchCommand, MatchSet, SaveGame, Tell, Watching};
use crate::table::game_match::Match;
use crate::table::report::HudState;
use crate::table::review::Review;
use crate::table::rules::{GameSystems, TableRules};
use crate::table::save::{SavePath, write_atomic};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tabula_ai::Level;
use tabula_ai::review::{MoveReview, expected_results, review_move};
use tabula_ai::search::Settings;

/// Whether analysis is on.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnalysisOn(pub bool);

/// What the players ask of the analysis.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalysisCommand {
    /// Analysis on or off (`A`).
    Toggle,
    /// Review the whole game (on the result screen).
    ReviewGame,
}

/// How strong the analysis searches.
const LEVEL: Level = Level::Medium;

/// What a search of one position answers: each player's expected result and the best line
/// (none where there was nothing to search).
type Answer<M> = Option<(Vec<f32>, Vec<M>)>;

/// The engine's view of one position of the match of `G`.
#[derive(Resource)]
pub struct Evaluation<G: TableRules> {
    /// The position ([`Match::generation`]).
    pub generation: u64,
    /// Each player's expected result (turn order, 0 to 1), once the search has answered.
    pub values: Option<Vec<f32>>,
    /// The engine's best line from the position.
    pub line: Vec<G::Move>,
    /// The line in notation.
    pub line_texts: Vec<String>,
    task: Option<Task<Answer<G::Move>>>,
    stop: Arc<AtomicBool>,
}

impl<G: TableRules> Drop for Evaluation<G> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The review of the whole game of `G`, as far as it has gone.
#[derive(Resource)]
pub struct GameReview<G: TableRules> {
    /// The moves of the game reviewed, in notation.
    pub texts: Vec<String>,
    /// Moves reviewed so far.
    pub reviewed: Arc<AtomicUsize>,
    /// What the engine made of each move a player chose, once done.
    pub moves: Option<Vec<MoveReview<G::Move>>>,
    /// The marks in notation, by move (`C5-C6?? (G15-G16)`), once done.
    pub marked: Vec<Option<String>>,
    task: Option<Task<Vec<MoveReview<G::Move>>>>,
    stop: Arc<AtomicBool>,
}

impl<G: TableRules> Drop for GameReview<G> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The analysis's toggle and messages, and its systems for every game.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AnalysisOn>()
        .add_message::<AnalysisCommand>()
        .add_systems(Update, (keys, toggle).chain().before(MatchSet))
        .add_systems(OnExit(crate::state::AtTable), leave_table);
    tabula_rules::each_game!(G => {
        app.add_systems(
            Update,
            (evaluate::<G>, review::<G>, mark_moves::<G>, notes_on_save::<G>)
                .chain()
                .after(MatchSet)
                .in_set(GameSystems(G::KIND))
                .run_if(resource_exists::<Match<G>>),
        );
    });
}

/// The table was left: analysis goes off, and every search and review under way stops.
fn leave_table(world: &mut World) {
    world.resource_mut::<AnalysisOn>().0 = false;
    tabula_rules::each_game!(G => {
        world.remove_resource::<Evaluation<G>>();
        world.remove_resource::<GameReview<G>>();
    });
}

/// Whether analysis may be on: an earlier position looked at, a show on, or the game over.
fn may_analyse(review: Option<&Review>, watching: Option<&Watching>, hud: &HudState) -> bool {
    review.is_some_and(Review::active) || watching.is_some_and(|w| w.0.is_some()) || hud.over
}

/// `A` turns analysis on and off.
fn keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut out: MessageWriter<AnalysisCommand>) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys.just_pressed(KeyCode::KeyA) && !ctrl {
        out.write(AnalysisCommand::Toggle);
    }
}

/// Turns analysis on or off, where it may be on; says where it may when it may not.
fn toggle(
    mut asks: MessageReader<AnalysisCommand>,
    mut on: ResMut<AnalysisOn>,
    review: Option<Res<Review>>,
    watching: Option<Res<Watching>>,
    hud: Res<HudState>,
    mut tell: MessageWriter<Tell>,
) {
    let allowed = may_analyse(review.as_deref(), watching.as_deref(), &hud);
    for ask in asks.read() {
        if *ask != AnalysisCommand::Toggle {
            continue;
        }
        if on.0 || allowed {
            on.0 = !on.0;
        } else {
            tell.write(Tell(Feedback::info(
                "Analysis is for looking back: click a move in the list, watch a \
                 demonstration, or finish the game, then press A.",
            )));
        }
    }
    if on.0 && !allowed {
        on.0 = false;
    }
}

/// Whether the engine still has work to do for the analysis: analysis is on and the
/// position shown not yet searched, or a review of the game is under way.
pub(crate) fn engine_at_work(world: &World) -> bool {
    let on = world.get_resource::<AnalysisOn>().is_some_and(|a| a.0);
    let mut busy = false;
    tabula_rules::each_game!(G => {
        if let Some(the_match) = world.get_resource::<Match<G>>() {
            let evaluation = world.get_resource::<Evaluation<G>>();
            busy |= on
                && evaluation.is_none_or(|e| e.generation != the_match.generation || e.task.is_some());
            busy |= world
                .get_resource::<GameReview<G>>()
                .is_some_and(|r| r.task.is_some());
        }
    });
    busy
}

/// The search settings of the analysis: the engine's medium level for this game, with a
/// flag that stops it.
fn settings<G: TableRules>(game: &G, stop: &Arc<AtomicBool>) -> Settings {
    let players = game.players().len();
    let mut settings = tabula_ai::levels::level_settings(G::KIND, players, LEVEL, None, 7);
    settings.stop = Some(stop.clone());
    settings
}

/// Searches the position on the table while analysis is on, once per position; drops the
/// search, stopping it, when the position changes or analysis goes off.
fn evaluate<G: TableRules>(
    mut commands: Commands,
    on: Res<AnalysisOn>,
    the_match: Res<Match<G>>,
    evaluation: Option<ResMut<Evaluation<G>>>,
) {
    if !on.0 {
        if evaluation.is_some() {
            commands.remove_resource::<Evaluation<G>>();
        }
        return;
    }
    let current = evaluation
        .as_ref()
        .is_some_and(|e| e.generation == the_match.generation);
    if !current {
        let stop = Arc::new(AtomicBool::new(false));
        let game = the_match.game.clone();
        let settings = settings(&game, &stop);
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let knowledge = G::Knowledge::default();
            let values = expected_results(&game, &knowledge, &settings)?;
            let line = if game.outcome().is_over() {
                Vec::new()
            } else {
                tabula_ai::analyse(&game, &knowledge, &settings)
                    .map(|a| a.pv)
                    .unwrap_or_default()
            };
            Some((values, line))
        });
        commands.insert_resource(Evaluation::<G> {
            generation: the_match.generation,
            values: None,
            line: Vec::new(),
            line_texts: Vec::new(),
            task: Some(task),
            stop,
        });
        return;
    }
    let Some(mut evaluation) = evaluation else {
        return;
    };
    let Some(task) = evaluation.task.as_mut() else {
        return;
    };
    let Some(answer) = bevy::tasks::futures::check_ready(task) else {
        return;
    };
    evaluation.task = None;
    if let Some((values, line)) = answer {
        let mut game = the_match.game.clone();
        let mut texts = Vec::new();
        for mv in &line {
            texts.push(game.move_text(mv));
            game.play_unchecked(mv);
        }
        evaluation.values = Some(values);
        evaluation.line = line;
        evaluation.line_texts = texts;
    }
}

/// Reviews the whole game when asked, off the frame's thread, one position after another;
/// the review goes when the game on the table is no longer the one reviewed (other moves,
/// or a new game).
fn review<G: TableRules>(
    mut commands: Commands,
    mut asks: MessageReader<AnalysisCommand>,
    mut commands_seen: MessageReader<MatchCommand>,
    the_match: Res<Match<G>>,
    review: Option<ResMut<GameReview<G>>>,
    mut tell: MessageWriter<Tell>,
) {
    let asked = asks.read().any(|a| *a == AnalysisCommand::ReviewGame);
    let new_game = commands_seen.read().any(|c| *c == MatchCommand::NewGame);
    let texts = the_match.move_texts();
    if let Some(mut review) = review {
        if new_game || !review.texts.starts_with(&texts) {
            commands.remove_resource::<GameReview<G>>();
        } else if let Some(task) = review.task.as_mut()
            && let Some(moves) = bevy::tasks::futures::check_ready(task)
        {
            review.task = None;
            review.marked = marks_in_notation(&the_match.game, &review.texts, &moves);
            let marked = moves.iter().filter(|m| m.mark.is_some()).count();
            review.moves = Some(moves);
            let moves = if marked == 1 { "move" } else { "moves" };
            tell.write(Tell(Feedback::info(format!(
                "The game is reviewed: {marked} {moves} marked in the list (?! an inaccuracy, \
                 ? a mistake, ?? a blunder), each with the engine's move."
            ))));
        }
        if !asked {
            return;
        }
    }
    if !asked {
        return;
    }
    if texts.is_empty() {
        tell.write(Tell(Feedback::error("No moves to review yet.")));
        return;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let reviewed = Arc::new(AtomicUsize::new(0));
    let game = the_match.game.clone();
    let settings = settings(&game, &stop);
    let counter = reviewed.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let knowledge = G::Knowledge::default();
        let moves = game.history();
        let mut position = game.clone();
        while position.undo().is_some() {}
        let mut out = Vec::new();
        for (ply, mv) in moves.iter().enumerate() {
            if settings
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                break;
            }
            if let Some(review) = review_move(&position, &knowledge, &settings, mv, ply) {
                out.push(review);
            }
            position.play_unchecked(mv);
            counter.store(ply + 1, Ordering::Relaxed);
        }
        out
    });
    commands.insert_resource(GameReview::<G> {
        texts,
        reviewed,
        moves: None,
        marked: Vec::new(),
        task: Some(task),
        stop,
    });
    tell.write(Tell(Feedback::info(
        "Reviewing the game with the engine, move by move...",
    )));
}

/// Each move's text with its mark and the engine's move, where it earned one: by move of
/// `texts`, the moves of `game`'s history.
fn marks_in_notation<G: TableRules>(
    game: &G,
    texts: &[String],
    moves: &[MoveReview<G::Move>],
) -> Vec<Option<String>> {
    let mut position = game.clone();
    while position.undo().is_some() {}
    let history = game.history();
    let mut out = vec![None; texts.len()];
    let mut reviews = moves.iter().peekable();
    for (ply, mv) in history.iter().enumerate() {
        if let Some(review) = reviews.next_if(|r| r.ply == ply)
            && let (Some(mark), Some(text)) = (review.mark, texts.get(ply))
        {
            let better = review
                .best
                .as_ref()
                .map(|b| format!(" ({} better)", position.move_text(b)))
                .unwrap_or_default();
            out[ply] = Some(format!("{text}{}{better}", mark.symbol()));
        }
        position.play_unchecked(mv);
    }
    out
}

/// The move list shows the review's marks once it is done.
fn mark_moves<G: TableRules>(
    the_match: Res<Match<G>>,
    review: Option<Res<GameReview<G>>>,
    mut hud: ResMut<HudState>,
) {
    let Some(review) = review else { return };
    if review.marked.is_empty() || !(review.is_changed() || hud.is_changed()) {
        return;
    }
    let texts: Vec<(G::Player, String)> = the_match
        .texts
        .iter()
        .enumerate()
        .map(|(i, (player, text))| {
            let marked = review.marked.get(i).cloned().flatten();
            (*player, marked.unwrap_or_else(|| text.clone()))
        })
        .collect();
    let lines = G::lines(&texts);
    if hud.moves != lines {
        hud.moves = lines;
    }
}

/// A game saved after its review keeps the marks as notes: each shown once its move is
/// played. The save just written is read back and written again with them, when it holds
/// the moves reviewed.
fn notes_on_save<G: TableRules>(
    mut saves: MessageReader<SaveGame>,
    review: Option<Res<GameReview<G>>>,
    path: Option<Res<SavePath>>,
    mut tell: MessageWriter<Tell>,
) {
    if saves.read().count() == 0 {
        return;
    }
    let (Some(review), Some(path)) = (review, path) else {
        return;
    };
    let marks: Vec<(usize, &String)> = review
        .marked
        .iter()
        .enumerate()
        .filter_map(|(i, m)| m.as_ref().map(|m| (i + 1, m)))
        .collect();
    if marks.is_empty() {
        return;
    }
    let written = add_notes(&path.0, &review.texts, &marks);
    tell.write(Tell(match written {
        Ok(()) => Feedback::info(format!(
            "Saved to {}, with the review's {} marks as notes.",
            path.0.display(),
            marks.len()
        )),
        Err(e) => Feedback::error(format!(
            "Saved to {}, but its notes could not be added: {e}",
            path.0.display()
        )),
    }));
}

/// Adds `marks` (moves played, words) to the notes of the scene at `path`, whose moves must
/// be `texts`.
fn add_notes(
    path: &std::path::Path,
    texts: &[String],
    marks: &[(usize, &String)],
) -> Result<(), String> {
    let mut file = tabula_rules::scene::SceneFile::load(path).map_err(|e| e.to_string())?;
    if file.scene.moves != texts {
        return Err("the save holds other moves than the game reviewed".into());
    }
    for (ply, words) in marks {
        let note = file.scene.notes.entry(*ply).or_default();
        let caption = format!("The engine's review: {words}");
        note.caption = Some(match note.caption.take() {
            Some(old) => format!("{old} {caption}"),
            None => caption,
        });
    }
    let config = ron::ser::PrettyConfig::new().struct_names(true);
    let text = ron::ser::to_string_pretty(&file.scene, config).map_err(|e| e.to_string())?;
    let text = format!(
        "// A game saved by Tabula, with the engine's review as notes: `tabula play --scene \
         FILE` goes on from here.\n{text}\n"
    );
    write_atomic(path, &text).map_err(|e| e.to_string())
}
