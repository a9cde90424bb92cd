//! `tabula play`: the game, its rules options, its seats and names, and how the window
//! shows it, read once into the typed description the screens open ([`PlayLaunch`]).

use crate::cli::rules_args::{GameArg, RulesArgs};
use crate::games::tabletop::{OnTable, TableGame};
use crate::screens::launch::{Camera, Join, PlayLaunch, TableStart, trimmed};
use crate::screens::open::table_of;
use crate::table::seats::{Controller, SeatNames};
use crate::view::camera::View;
use std::path::PathBuf;
use tabula_ai::Level;

/// What `tabula play` takes: the game, its rules options, and how the window shows it.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {
    /// Which game.
    #[arg(value_enum, default_value = "war")]
    pub game: GameArg,
    /// Rules options of the game.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Start from a scene's position (its options and setup, then its moves).
    #[arg(long)]
    pub scene: Option<PathBuf>,
    /// With --scene: play only this many of its moves, then hand over to the players.
    #[arg(long, requires = "scene")]
    pub at: Option<usize>,
    /// Where the camera starts: red, blue, top or side.
    #[arg(long, value_enum, default_value = "red")]
    pub view: View,
    /// Hot-seat: turn the camera to the player to move after every move.
    #[arg(long)]
    pub follow_turn: bool,
    /// Exhibitions: the spectator camera directs itself (V switches it on and off).
    #[arg(long)]
    pub spectator: bool,
    /// Where Ctrl+S saves the game (default tabula-save.ron); `--scene FILE` loads it.
    #[arg(long)]
    pub save_to: Option<PathBuf>,
    /// Frame-rate benchmark: render this many frames (after the first 30), print the
    /// mean and median frame time and the processor time a frame, and exit.
    #[arg(long)]
    pub frames: Option<u32>,
    /// With --frames: draw offscreen at 1280x720, with no window and no display (printing
    /// the adapter's name).
    #[arg(long, requires = "frames")]
    pub offscreen: bool,
    /// The players' names, in turn order, separated by commas ("Ann,Bob"); the HUD shows
    /// them beside the colours.
    #[arg(long, value_delimiter = ',')]
    pub names: Vec<String>,
    /// Exhibitions: a second window that shows the spectator camera (for a projector) while
    /// the players use the main one.
    #[arg(long)]
    pub spectator_window: bool,
    /// Seats the computer plays: SEATS[:LEVEL], SEATS being `all` or players' names or
    /// numbers in turn order separated by commas (`black:hard`, `blue,green:medium`,
    /// `2`); LEVEL is easy, medium (the default), hard or max. May be given again.
    #[arg(long, value_name = "SEATS[:LEVEL]")]
    pub computer: Vec<String>,
    /// How loud the sounds are, 0 to 100 (default 100); M turns sound off and on.
    #[arg(long, value_name = "0-100", value_parser = clap::value_parser!(u8).range(0..=100))]
    pub volume: Option<u8>,
    /// Sit at a table on a server (`ws://HOST:PORT/TABLE`, `wss://` over TLS): the game,
    /// its options and its moves so far come from there. An invitation link
    /// (`https://HOST:PORT/TABLE?invite=CODE`) takes the seat kept for you. The server's own
    /// address (`ws://HOST:PORT/`) makes a new table there of the game and options given,
    /// `--computer` seats played by the server. With `--names NAME`, the name to sit under.
    #[arg(long, value_name = "URL")]
    pub join: Option<String>,
    /// With --join: the seat to take, by its player ("Black"); the first open one if not
    /// given.
    #[arg(long, requires = "join", value_name = "PLAYER")]
    pub seat: Option<String>,
    /// With --join over wss: also trust this certificate (PEM), a server's own or its
    /// authority's.
    #[arg(long, requires = "join", value_name = "FILE")]
    pub ca: Option<PathBuf>,
}

impl PlayArgs {
    /// Where the game these arguments open starts: the opening with the options asked for,
    /// or a scene's position.
    fn table_start(&self) -> Result<TableStart, String> {
        match &self.scene {
            None => self.rules.options(self.game.0).map(TableStart::Opening),
            Some(path) if !self.rules.is_empty() => Err(format!(
                "{}: a scene brings its own rules options; drop the option flags",
                path.display()
            )),
            Some(path) => Ok(TableStart::Scene {
                path: path.clone(),
                at: self.at,
            }),
        }
    }

    /// The game these arguments open: the opening with the options asked for, or a scene's
    /// position.
    pub fn table(&self) -> Result<TableGame, String> {
        self.table_start()
            .and_then(|start| table_of(&PlayLaunch::new(start)))
    }

    /// What these arguments open, checked against the game they set on the table: its
    /// seats given to the computer by name or number, and no more names than players
    /// (`--join` checks its own).
    pub(crate) fn launch(&self) -> Result<PlayLaunch, String> {
        let camera = Camera {
            view: self.view,
            follow_turn: self.follow_turn,
            spectator: self.spectator,
            spectator_window: self.spectator_window,
        };
        let mut names: Vec<String> = self.names.iter().map(|n| n.trim().to_string()).collect();
        let join = match &self.join {
            None => None,
            Some(url) if !crate::net::connection::is_lobby(url) => {
                if self.scene.is_some() || !self.rules.is_empty() || !self.computer.is_empty() {
                    return Err(format!(
                        "{url}: a server's table brings its own game, options and seats; drop --scene, --computer and the option flags"
                    ));
                }
                Some(Join {
                    url: url.clone(),
                    seat: self.seat.clone(),
                    ca: self.ca.clone(),
                })
            }
            Some(url) => Some(Join {
                url: url.clone(),
                seat: self.seat.clone(),
                ca: self.ca.clone(),
            }),
        };
        let table = self.table_start()?;
        let local = join
            .as_ref()
            .is_none_or(|join| crate::net::connection::is_lobby(&join.url));
        // The computer's seats, by the players' names or numbers, and the names, checked
        // against the game's players (a server's table brings its own seats).
        let checked = local && (!self.computer.is_empty() || (join.is_none() && !names.is_empty()));
        let seats = if checked {
            let labels = table_of(&PlayLaunch::new(table.clone()))?.player_labels();
            if join.is_none() && names.len() > labels.len() {
                // SeatNames says so, naming the players.
                SeatNames::new(&labels, &names)?;
            }
            trimmed(computer_seats(&self.computer, &labels)?)
        } else {
            Vec::new()
        };
        while names.last().is_some_and(String::is_empty) {
            names.pop();
        }
        Ok(PlayLaunch {
            table,
            seats,
            names,
            camera,
            save_to: self.save_to.clone(),
            join,
        })
    }
}

/// Who plays each seat (in turn order, `labels` being the players' names) by the
/// `--computer` specifications `specs`: `all`, names or 1-based numbers separated by commas,
/// each optionally followed by `:LEVEL` (medium by default). A seat named twice, a name that
/// is not a player's or a level that does not exist is refused, naming it.
pub fn computer_seats(specs: &[String], labels: &[String]) -> Result<Vec<Controller>, String> {
    let mut seats = vec![Controller::Local; labels.len()];
    let mut named = vec![false; labels.len()];
    for spec in specs {
        let (who, level) = match spec.rsplit_once(':') {
            Some((who, level)) => (
                who,
                level.parse::<Level>().map_err(|_| {
                    format!(
                        "--computer {spec}: unknown level `{level}`; use easy, medium, hard or max"
                    )
                })?,
            ),
            None => (spec.as_str(), Level::Medium),
        };
        let chosen: Vec<usize> = if who.trim().eq_ignore_ascii_case("all") {
            (0..labels.len()).collect()
        } else {
            who.split(',')
                .map(|name| {
                    seat_index(name.trim(), labels).map_err(|e| format!("--computer {spec}: {e}"))
                })
                .collect::<Result<_, _>>()?
        };
        for i in chosen {
            if named[i] {
                return Err(format!("--computer {spec}: {} is named twice", labels[i]));
            }
            named[i] = true;
            seats[i] = Controller::Computer(level);
        }
    }
    Ok(seats)
}

/// The seat a player's name or 1-based number stands for.
fn seat_index(name: &str, labels: &[String]) -> Result<usize, String> {
    if let Ok(n) = name.parse::<usize>() {
        return (1..=labels.len())
            .contains(&n)
            .then(|| n - 1)
            .ok_or_else(|| format!("no seat {n}: the game has seats 1 to {}", labels.len()));
    }
    labels
        .iter()
        .position(|l| l.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            format!(
                "no player `{name}`; the players are {} (or use their numbers, 1 to {})",
                labels.join(", "),
                labels.len()
            )
        })
}
