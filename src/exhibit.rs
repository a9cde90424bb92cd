//! Exhibitions that run themselves: computer-against-computer games one after another
//! (rotating through the games asked for, all five by default), watched through the spectator
//! director, with a caption for each notable moment, a result card and a running
//! scoreboard; the shipped demonstrations between the games if asked.
//!
//! Each step of the programme is opened as a command line, `tabula exhibit ... --at K`, the
//! same way the start screen opens a game: the [`Exhibition`] that keeps the scoreboard goes
//! on while the command lines are its own, and any other screen (the start screen, a game, a
//! loaded save) ends it.

use crate::playing::{Launch, Watching};
use crate::rules_args::GameArg;
use crate::screens::{Start, Viewing};
use crate::table::{Controller, Match, Played, TableRules};
use bevy::prelude::*;
use std::path::PathBuf;
use std::time::Duration;
use tabula_ai::Level;

/// The keys an exhibition answers (the HUD shows them in place of the table's controls).
pub const KEYS: &str =
    "Exhibition.  Space: next game now  V: spectator camera on/off  F10: start screen";

/// What `tabula exhibit` takes.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct ExhibitArgs {
    /// The games to show in turn, each a game's name with any of its rules options, as
    /// `tabula play` takes them ("war", "fences --players 4", "transport --mode teams");
    /// all five games by default.
    pub games: Vec<String>,
    /// How well the computer plays: easy, medium, hard or max.
    #[arg(long, default_value = "medium", value_parser = parse_level)]
    pub level: Level,
    /// Start the programme again after its last game (unattended exhibitions).
    #[arg(long = "loop")]
    pub looping: bool,
    /// A second window for the spectator camera (for a projector).
    #[arg(long)]
    pub spectator_window: bool,
    /// After each game, a shipped demonstration of the same game.
    #[arg(long)]
    pub with_demos: bool,
    /// Seconds the result card stays up before the next game (0 to 120).
    #[arg(long, default_value_t = 8.0)]
    pub pause: f32,
    /// Moves after which a game is stopped and counted a draw (10 to 100000), so that an
    /// exhibition never waits on a game that goes nowhere.
    #[arg(long, default_value_t = 600)]
    pub max_moves: usize,
    /// Where the programme starts (0 is its first step); each step opens this way.
    #[arg(long, default_value_t = 0)]
    pub at: usize,
    /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
    #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub volume: Option<u8>,
}

fn parse_level(text: &str) -> Result<Level, String> {
    text.parse::<Level>()
        .map_err(|_| format!("unknown level `{text}`; use easy, medium, hard or max"))
}

/// One step of an exhibition's programme.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A computer-against-computer game: the game's name and rules options.
    Game(Vec<String>),
    /// A shipped demonstration.
    Demo(PathBuf),
}

impl ExhibitArgs {
    /// The games asked for, each as the words `tabula play` takes (all five by default).
    fn game_words(&self) -> Vec<Vec<String>> {
        if self.games.is_empty() {
            return tabula_rules::registry::GAMES
                .iter()
                .map(|g| vec![g.name.to_string()])
                .collect();
        }
        self.games
            .iter()
            .map(|g| g.split_whitespace().map(str::to_string).collect())
            .collect()
    }

    /// The programme: each game, followed by a demonstration of the same game when asked
    /// (round `round` of a looping exhibition shows the next one of that game's).
    pub fn programme(&self, round: usize) -> Vec<Item> {
        let demos = if self.with_demos {
            crate::menu::find_demos()
        } else {
            Vec::new()
        };
        let mut items = Vec::new();
        for words in self.game_words() {
            let kind = words
                .first()
                .and_then(|w| <GameArg as clap::ValueEnum>::from_str(w, true).ok())
                .map(|g| g.0);
            items.push(Item::Game(words));
            let of_game: Vec<&crate::menu::Demo> =
                demos.iter().filter(|d| Some(d.game) == kind).collect();
            if !of_game.is_empty() {
                items.push(Item::Demo(of_game[round % of_game.len()].path.clone()));
            }
        }
        items
    }

    /// The command line that opens step `at` of the programme.
    pub fn command_line(&self, at: usize) -> Vec<String> {
        let mut args = vec!["exhibit".to_string()];
        args.extend(self.games.iter().cloned());
        args.extend(["--level".into(), self.level.to_string()]);
        if self.looping {
            args.push("--loop".into());
        }
        if self.spectator_window {
            args.push("--spectator-window".into());
        }
        if self.with_demos {
            args.push("--with-demos".into());
        }
        args.extend([
            "--pause".into(),
            self.pause.to_string(),
            "--max-moves".into(),
            self.max_moves.to_string(),
            "--at".into(),
            at.to_string(),
        ]);
        args
    }

    /// The same exhibition, whatever step it is at.
    fn same_show(&self, other: &ExhibitArgs) -> bool {
        ExhibitArgs {
            at: 0,
            ..self.clone()
        } == ExhibitArgs {
            at: 0,
            ..other.clone()
        }
    }
}

/// What `tabula exhibit` opens: step `--at` of the programme, with the exhibition that runs
/// it. Bad arguments are refused, naming them.
pub fn exhibit_start(args: &ExhibitArgs) -> Result<Start, String> {
    if !(args.pause.is_finite() && (0.0..=120.0).contains(&args.pause)) {
        return Err(format!("--pause {}: use 0 to 120 seconds", args.pause));
    }
    if !(10..=100_000).contains(&args.max_moves) {
        return Err(format!("--max-moves {}: use 10 to 100000", args.max_moves));
    }
    let games = args.game_words();
    for words in &games {
        game_args(words)?;
    }
    // The programme's length is the same in every round; only its demonstrations rotate.
    let first = args.programme(0);
    let len = first.len();
    if !args.looping && args.at >= len {
        return Err(format!(
            "--at {}: the programme has {len} steps (0 to {})",
            args.at,
            len - 1
        ));
    }
    let round = args.at / len;
    let item = if round == 0 {
        first[args.at].clone()
    } else {
        args.programme(round)[args.at % len].clone()
    };
    let exhibition = Some(Exhibition::new(args.clone(), len, item.clone()));
    match item {
        Item::Game(words) => {
            let play = game_args(&words)?;
            let table = play.table()?;
            let labels = table.player_labels();
            let seats = vec![Controller::Computer(args.level); labels.len()];
            let names: Vec<String> = seats.iter().filter_map(Controller::default_name).collect();
            Ok(Start::Table(
                table,
                Viewing {
                    view: crate::camera::View::Side,
                    spectator: true,
                    spectator_window: args.spectator_window,
                    names: crate::playing::SeatNames::new(&labels, &names)?,
                    seats,
                    exhibition,
                    ..Viewing::default()
                },
            ))
        }
        Item::Demo(path) => {
            match crate::args::demo_start(&[path], false, 1.0, 0, args.spectator_window)? {
                Start::Table(table, viewing) => Ok(Start::Table(
                    table,
                    Viewing {
                        exhibition,
                        ..viewing
                    },
                )),
                Start::Menu => Ok(Start::Menu),
            }
        }
    }
}

/// A game of the programme as `tabula play` reads it: its name and rules options only.
fn game_args(words: &[String]) -> Result<crate::args::PlayArgs, String> {
    let line = words.join(" ");
    let cli = <crate::args::Cli as clap::Parser>::try_parse_from(
        ["tabula", "play"]
            .into_iter()
            .map(str::to_string)
            .chain(words.iter().cloned()),
    )
    .map_err(|e| {
        format!(
            "game `{line}`: {}",
            e.to_string().lines().next().unwrap_or_default()
        )
    })?;
    match cli.command {
        Some(crate::args::Command::Play(play)) => {
            if play.scene.is_some() || !play.computer.is_empty() || !play.names.is_empty() {
                return Err(format!(
                    "game `{line}`: give a game's name and its rules options only"
                ));
            }
            Ok(play)
        }
        _ => Err(format!("game `{line}`: not a game")),
    }
}

/// One finished game of the exhibition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// The game's title.
    pub title: String,
    /// How it ended.
    pub result: String,
    /// Moves played.
    pub moves: usize,
}

/// An exhibition running: its programme, where it is, the games so far and what the
/// audience is told.
#[derive(Resource, Debug, Clone)]
pub struct Exhibition {
    /// What was asked.
    pub args: ExhibitArgs,
    /// The games finished so far.
    pub scores: Vec<Score>,
    /// When the step on the table ended (a game's result, a demonstration's end).
    pub ended: Option<Duration>,
    /// The latest notable moment, and when it was told.
    pub caption: Option<(String, Duration)>,
    /// The next step has been asked for.
    pub moving_on: bool,
    /// Steps in the programme.
    pub steps: usize,
    /// The step on the table.
    pub on_table: Item,
}

impl Exhibition {
    /// An exhibition at `args`'s step, `on_table`, of a programme of `steps` steps.
    pub fn new(args: ExhibitArgs, steps: usize, on_table: Item) -> Exhibition {
        Exhibition {
            args,
            scores: Vec::new(),
            ended: None,
            caption: None,
            moving_on: false,
            steps,
            on_table,
        }
    }

    /// Whether the step on the table is the programme's last (it does not loop).
    pub fn last_step(&self) -> bool {
        !self.args.looping && self.args.at + 1 >= self.steps
    }

    /// The scoreboard: a line per game played, newest last (the last `n`).
    pub fn board(&self, n: usize) -> String {
        let skip = self.scores.len().saturating_sub(n);
        self.scores
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, s)| format!("{}. {}: {}, {} moves", i + 1, s.title, s.result, s.moves))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Puts the exhibition of a screen being opened in place: the one running goes on (with
/// its scoreboard) when it is the same show, any other screen ends it.
pub fn set_exhibition(world: &mut World, wanted: Option<Exhibition>) {
    match wanted {
        None => {
            world.remove_resource::<Exhibition>();
        }
        Some(new) => {
            let kept = world
                .get_resource::<Exhibition>()
                .filter(|old| old.args.same_show(&new.args))
                .map(|old| old.scores.clone());
            let mut exhibition = new;
            if let Some(scores) = kept {
                exhibition.scores = scores;
            }
            world.insert_resource(exhibition);
            // A demonstration keeps its own keys.
            if !world.contains_resource::<crate::demo::Demo>() {
                world.insert_resource(Watching(Some(KEYS)));
            }
        }
    }
}

/// The exhibition's running: each game's moments and end, and the next step after a pause.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            advance,
            skip_key.run_if(not(resource_exists::<crate::demo::Demo>)),
        )
            .run_if(resource_exists::<Exhibition>),
    )
    .add_systems(OnEnter(crate::state::Screen::Menu), end_exhibition);
    crate::each_game!(G => {
        app.add_systems(
            Update,
            follow::<G>
                .after(crate::playing::MatchSet)
                .in_set(crate::table::GameSystems(G::KIND))
                .run_if(resource_exists::<Exhibition>),
        );
    });
}

/// The overlay: the exhibition's banner, its caption, the result card and the scoreboard.
pub fn view(app: &mut App) {
    app.add_systems(
        OnEnter(crate::state::AtTable),
        spawn_overlay.run_if(resource_exists::<Exhibition>),
    )
    .add_systems(Update, update_overlay.run_if(resource_exists::<Exhibition>));
}

fn end_exhibition(mut commands: Commands) {
    commands.remove_resource::<Exhibition>();
}

/// Follows the game on the table: tells its notable moments, stops it at the move limit,
/// and scores it when it ends.
fn follow<G: TableRules>(
    mut exhibition: ResMut<Exhibition>,
    mut played: MessageReader<Played<G>>,
    mut the_match: ResMut<Match<G>>,
    time: Res<Time>,
) {
    let now = time.elapsed();
    for p in played.read() {
        if let Some(caption) = moment_caption(&the_match.game, p) {
            exhibition.caption = Some((caption, now));
        }
    }
    let limit = exhibition.args.max_moves;
    if !the_match.is_over() && the_match.ply() >= limit {
        the_match.ended = Some("a draw at the exhibition's move limit".to_string());
    }
    if the_match.is_over() && exhibition.ended.is_none() {
        let result = the_match
            .status()
            .trim_start_matches("Game over: ")
            .to_string();
        exhibition.scores.push(Score {
            title: the_match.game.title(),
            result,
            moves: the_match.ply(),
        });
        exhibition.ended = Some(now);
    }
}

/// What the audience is told of a move, if it is worth telling: its moments' captions.
fn moment_caption<G: TableRules>(game: &G, played: &Played<G>) -> Option<String> {
    let captions: Vec<String> = game
        .moments(played)
        .into_iter()
        .filter_map(|m| m.caption)
        .collect();
    (!captions.is_empty()).then(|| captions.join(". "))
}

/// After a game's result card (or a demonstration's end), the next step of the programme;
/// after the last one, the start screen again unless it loops.
fn advance(
    mut exhibition: ResMut<Exhibition>,
    demo: Option<Res<crate::demo::Demo>>,
    time: Res<Time>,
    mut launch: ResMut<Launch>,
) {
    let now = time.elapsed();
    if let Some(demo) = demo
        && demo.finished
        && exhibition.ended.is_none()
    {
        exhibition.ended = Some(now);
    }
    let Some(ended) = exhibition.ended else {
        return;
    };
    let pause = if demo_on_table(&exhibition) {
        2.0
    } else {
        exhibition.args.pause
    };
    if now.saturating_sub(ended).as_secs_f32() < pause || exhibition.moving_on {
        return;
    }
    next(&mut exhibition, &mut launch);
}

fn demo_on_table(exhibition: &Exhibition) -> bool {
    matches!(exhibition.on_table, Item::Demo(_))
}

/// Opens the next step now.
fn next(exhibition: &mut Exhibition, launch: &mut Launch) {
    let at = exhibition.args.at + 1;
    exhibition.moving_on = true;
    launch.0 = Some(if exhibition.last_step() {
        vec!["menu".into()]
    } else {
        exhibition.args.command_line(at)
    });
}

/// Space: the next step now.
fn skip_key(
    input: Option<Res<ButtonInput<KeyCode>>>,
    mut exhibition: ResMut<Exhibition>,
    mut launch: ResMut<Launch>,
) {
    if input.is_some_and(|i| i.just_pressed(KeyCode::Space)) && !exhibition.moving_on {
        next(&mut exhibition, &mut launch);
    }
}

#[derive(Component)]
struct Banner;
#[derive(Component)]
struct CaptionLine;
#[derive(Component)]
struct ResultCard;
/// The parts of the result card: which game, how it ended, and the scoreboard.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum CardText {
    Title,
    Result,
    Board,
    Next,
}

/// Seconds a moment's caption stays up.
const CAPTION_SECONDS: f32 = 4.0;

fn spawn_overlay(mut commands: Commands) {
    use crate::theme::{CAPTION, GOLD, TEXT, font};
    let scoped = bevy::state::state_scoped::DespawnOnExit(crate::state::AtTable);
    commands.spawn((
        scoped.clone(),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(10.0),
            right: Val::Px(10.0),
            max_width: Val::Percent(55.0),
            padding: UiRect::all(Val::Px(8.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.05, 0.05, 0.06, 0.72)),
        children![(Text::new(""), font(18.0), TextColor(GOLD), Banner)],
    ));
    commands.spawn((
        scoped.clone(),
        Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(90.0),
            left: Val::Percent(15.0),
            width: Val::Percent(70.0),
            justify_content: JustifyContent::Center,
            ..default()
        },
        children![(
            Text::new(""),
            font(28.0),
            TextColor(Color::WHITE),
            TextShadow::default(),
            TextLayout::justify(Justify::Center),
            CaptionLine
        )],
    ));
    commands.spawn((
        scoped,
        Node {
            position_type: PositionType::Absolute,
            top: Val::Percent(24.0),
            left: Val::Percent(27.0),
            width: Val::Percent(46.0),
            padding: UiRect::all(Val::Px(24.0)),
            row_gap: Val::Px(10.0),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            display: Display::None,
            ..default()
        },
        BackgroundColor(Color::srgba(0.06, 0.05, 0.04, 0.92)),
        ResultCard,
        children![
            (Text::new(""), font(30.0), TextColor(GOLD), CardText::Title),
            (
                Text::new(""),
                font(24.0),
                TextColor(Color::WHITE),
                TextLayout::justify(Justify::Center),
                CardText::Result
            ),
            (
                Text::new(""),
                font(16.0),
                TextColor(CAPTION),
                TextLayout::justify(Justify::Center),
                CardText::Board
            ),
            (Text::new(""), font(14.0), TextColor(TEXT), CardText::Next),
        ],
    ));
}

#[allow(clippy::type_complexity)]
fn update_overlay(
    exhibition: Res<Exhibition>,
    time: Res<Time>,
    mut texts: ParamSet<(
        Query<&mut Text, With<Banner>>,
        Query<&mut Text, With<CaptionLine>>,
        Query<(&mut Text, &CardText)>,
    )>,
    mut card: Query<&mut Node, With<ResultCard>>,
) {
    let now = time.elapsed();
    let game = exhibition.scores.len() + usize::from(exhibition.ended.is_none());
    let banner = format!(
        "Exhibition, game {game}: the computer ({}) plays every side",
        exhibition.args.level
    );
    for mut t in &mut texts.p0() {
        if t.0 != banner {
            t.0.clone_from(&banner);
        }
    }
    let caption = match &exhibition.caption {
        Some((text, at)) if now.saturating_sub(*at).as_secs_f32() < CAPTION_SECONDS => text.clone(),
        _ => String::new(),
    };
    for mut t in &mut texts.p1() {
        if t.0 != caption {
            t.0.clone_from(&caption);
        }
    }
    let showing = exhibition.ended.is_some() && !demo_on_table(&exhibition);
    for mut node in &mut card {
        let display = if showing {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    let Some(last) = exhibition.scores.last().filter(|_| showing) else {
        return;
    };
    for (mut t, part) in &mut texts.p2() {
        let value = match part {
            CardText::Title => last.title.clone(),
            CardText::Result => format!("{}, after {} moves.", sentence(&last.result), last.moves),
            CardText::Board => format!("Scoreboard\n{}", exhibition.board(8)),
            CardText::Next if exhibition.last_step() => {
                "The exhibition is over: the start screen follows shortly.".into()
            }
            CardText::Next => "The next game follows shortly.".into(),
        };
        if t.0 != value {
            t.0 = value;
        }
    }
}

/// "red wins" with a capital: "Red wins".
fn sentence(text: &str) -> String {
    let mut chars = text.trim().trim_end_matches('.').chars();
    match chars.next() {
        Some(first) => format!("{}{}", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
