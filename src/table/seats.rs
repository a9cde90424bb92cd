//! Who sits at the table: who plays each seat (a person here, the computer, a player
//! elsewhere), whether the seat to move is played here, where the player to move sits, and
//! the players' names.

use bevy::prelude::*;
use tabula_ai::Level;

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
    /// The name a seat gets when the players give none: "Computer, hard" (the status line
    /// reads "Black (Computer, hard) to move"); none for a person.
    pub(crate) fn default_name(&self) -> Option<String> {
        match self {
            Controller::Local | Controller::Remote => None,
            Controller::Computer(level) => Some(format!("Computer, {level}")),
        }
    }

    /// Whether the computer plays this seat.
    pub fn is_computer(&self) -> bool {
        matches!(self, Controller::Computer(_))
    }
}

/// Whether the seat to move is played at this screen: input listens only then.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalTurn(pub bool);

impl Default for LocalTurn {
    fn default() -> Self {
        LocalTurn(true)
    }
}

/// Where the player to move sits, in quarter turns anticlockwise seen from above: 0 at the
/// near side (+z), 1 at +x, 2 at the far side, 3 at -x. The camera follows it in hot-seat
/// play.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seat(pub usize);

impl Seat {
    /// The seat of the first (0) or second (1) of two players sitting opposite.
    pub(crate) fn opposite(player: usize) -> Seat {
        Seat(2 * player)
    }
}

/// The players' names beside their colours (`--names`, or the start screen's name fields).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatNames(Vec<(String, String)>);

impl SeatNames {
    /// Pairs each player's label (in turn order) with a name; blank names are left out.
    /// More names than players is an error.
    pub(crate) fn new(labels: &[String], names: &[String]) -> Result<SeatNames, String> {
        if names.len() > labels.len() {
            return Err(format!(
                "{} names for {} players ({}); give one name per player, in turn order",
                names.len(),
                labels.len(),
                labels.join(", ")
            ));
        }
        Ok(SeatNames(
            labels
                .iter()
                .zip(names)
                .map(|(label, name)| (label.clone(), name.trim().to_string()))
                .filter(|(_, name)| !name.is_empty())
                .collect(),
        ))
    }

    /// `text` with each player's label, where it first stands as a whole word, followed by
    /// the player's name: "Red to move" becomes "Red (Ann) to move".
    pub fn decorate(&self, text: &str) -> String {
        let mut out = text.to_string();
        for (label, name) in &self.0 {
            let found = out.match_indices(label.as_str()).find(|(i, _)| {
                let before = out[..*i].chars().next_back();
                let after = out[i + label.len()..].chars().next();
                !before.is_some_and(char::is_alphanumeric)
                    && !after.is_some_and(char::is_alphanumeric)
            });
            if let Some((i, _)) = found {
                out.insert_str(i + label.len(), &format!(" ({name})"));
            }
        }
        out
    }

    /// The name of the player labelled `label`, if given.
    pub(crate) fn name_of(&self, label: &str) -> Option<String> {
        self.0
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, name)| name.clone())
    }

    /// "Red: Ann, Blue: Bob", or nothing without names.
    pub(crate) fn line(&self) -> Option<String> {
        (!self.0.is_empty()).then(|| {
            self.0
                .iter()
                .map(|(label, name)| format!("{label}: {name}"))
                .collect::<Vec<_>>()
                .join(", ")
        })
    }
}

/// Where the player to move sits and whether a person here plays the seat.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Seat>().init_resource::<LocalTurn>();
}
