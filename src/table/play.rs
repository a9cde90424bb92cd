//! How moves enter the match and what comes out: every move enters as an [`Intent`] (from
//! a click, a redo, a demonstration's scene, the computer or a server's table), is checked
//! by the rules crate, and comes out as one [`Played`] message carrying what the move did;
//! match commands (take back, redo, new game) and what the players are told are applied
//! here too, and the HUD, the camera and the input are told what changed.

use crate::state::AtTable;
use crate::table::commands::{BoardReset, Feedback, MatchCommand, MatchSet, Tell};
use crate::table::game_match::{Match, Outgoing};
use crate::table::moments::caption;
use crate::table::report::{HudState, RESULT_COLOR};
use crate::table::review::Review;
use crate::table::rules::{GameSystems, Intent, Played, TableRules};
use crate::table::seats::{Controller, LocalTurn, Seat};
use bevy::prelude::*;

/// The match of `G`: its messages, commands, intents, and the HUD it publishes. All five
/// games are installed side by side; only the one whose match exists runs (its
/// [`GameSystems`] set runs only then).
pub(crate) fn plugin<G: TableRules>(app: &mut App) {
    let on_table = || resource_exists::<Match<G>>;
    let set = GameSystems(G::KIND);
    app.configure_sets(PreUpdate, set.run_if(on_table()))
        .configure_sets(Update, set.run_if(on_table()))
        .configure_sets(PostUpdate, set.run_if(on_table()))
        .configure_sets(OnEnter(AtTable), set.run_if(on_table()))
        .add_message::<Intent<G>>()
        .add_message::<Played<G>>()
        .add_systems(
            Update,
            (
                apply_commands::<G>,
                apply_intents::<G>,
                hear_tells::<G>,
                publish::<G>,
            )
                .chain()
                .in_set(MatchSet)
                .in_set(set),
        );
}

/// What the players are to be told ([`Tell`]) becomes the match's feedback.
fn hear_tells<G: TableRules>(mut tells: MessageReader<Tell>, mut the_match: ResMut<Match<G>>) {
    if let Some(tell) = tells.read().last() {
        the_match.feedback = tell.0.clone();
    }
}

fn apply_intents<G: TableRules>(
    mut intents: MessageReader<Intent<G>>,
    mut the_match: ResMut<Match<G>>,
    mut played: MessageWriter<Played<G>>,
    mut reset: MessageWriter<BoardReset>,
) {
    for intent in intents.read() {
        let m = &mut *the_match;
        if let Some(end) = &m.ended {
            m.feedback = Feedback::error(format!("Refused: the game is over ({end})"));
            continue;
        }
        if let Intent::Resign(player) | Intent::Resigned(player) = intent {
            resign(
                m,
                *player,
                matches!(intent, Intent::Resigned(_)),
                &mut reset,
            );
            continue;
        }
        let player = m.game.to_move();
        let ply = m.ply();
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
            Intent::Resign(_) | Intent::Resigned(_) => continue,
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
        let mut told = Vec::new();
        for (mv, text, effect) in steps {
            m.redo.played(&mv);
            m.texts.push((player, text.clone()));
            said.push(text.clone());
            let move_played = Played {
                mv,
                player,
                text,
                effect,
            };
            // What it did, as an exhibition's caption says it (the win is in the
            // announcement already, and a throw's or a card's notation says it all).
            if !G::is_chance(&move_played.mv) {
                told.extend(caption(&m.game, &move_played, false));
            }
            played.write(move_played);
        }
        // A game's announcement may prompt the player to move next ("Green: walk 2 steps");
        // when that seat is not played here, the line only says what was played.
        let mut line = if m.controller_to_move() == Controller::Local {
            m.game.announce(player, &said)
        } else {
            match m.game.outcome() {
                tabula_rules::Outcome::Ongoing => format!("{player}: {}", said.join(", ")),
                outcome => format!("{player}: {}. {outcome}!", said.join(", ")),
            }
        };
        if !told.is_empty() {
            let stop = if line.ends_with(['.', '!']) { "" } else { "." };
            line = format!("{line}{stop} {}.", told.join(". "));
        }
        m.feedback = Feedback::info(line);
    }
}

/// `player` resigns: at a server's table the request goes there (and comes back
/// `confirmed`, to be made here); elsewhere it is made at once. Nothing moves on the board
/// but a resigner's pieces leaving it: the views rebuild from the rules.
fn resign<G: TableRules>(
    m: &mut Match<G>,
    player: G::Player,
    confirmed: bool,
    reset: &mut MessageWriter<BoardReset>,
) {
    if let (Some(remote), false) = (&mut m.remote, confirmed) {
        remote.outbox.push(Outgoing::Resign {
            player: player.to_string(),
        });
        m.feedback = Feedback::info(format!(
            "Sent {player}'s resignation to the table's server..."
        ));
        return;
    }
    match m.resign(player) {
        Ok(said) => {
            m.position_changed();
            m.feedback = Feedback::info(said);
            reset.write(BoardReset);
        }
        Err(why) => m.feedback = Feedback::error(why),
    }
}

fn apply_commands<G: TableRules>(
    review: Option<Res<Review>>,
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
            // A resignation taken back comes again where it was made.
            MatchCommand::Redo if m.resignation_to_redo().is_some() => {
                if let Some(player) = m.resignation_to_redo() {
                    intents.write(if m.remote.is_some() {
                        Intent::Resigned(player)
                    } else {
                        Intent::Resign(player)
                    });
                }
            }
            MatchCommand::Redo => match m.redo.next().cloned() {
                // Looking back at a server's table: the move was the server's already.
                Some(mv) if m.remote.is_some() => {
                    intents.write(Intent::Confirmed(mv));
                }
                Some(_) => {
                    // Against the computer, its replies taken back with the player's move
                    // come back with it, as they went (looking back steps one at a time).
                    let round = if !looking_back && m.has_local_seat() {
                        redo_round(m)
                    } else {
                        m.redo.upcoming().take(1).cloned().collect()
                    };
                    for mv in round {
                        intents.write(if G::is_chance(&mv) {
                            Intent::Chance
                        } else {
                            Intent::Play(mv)
                        });
                    }
                }
                None => m.feedback = Feedback::error("Nothing to play again"),
            },
            // The game's input turns a confirmation into an intent; the computer's systems
            // answer a request for a hint.
            MatchCommand::Confirm | MatchCommand::Hint => {}
        }
    }
}

/// The moves Redo plays against the computer: the next one taken back, then, while the
/// computer is to move, its moves taken back after it. Chance resolved at once is left out
/// (it comes again with the move that brings it).
fn redo_round<G: TableRules>(m: &Match<G>) -> Vec<G::Move> {
    let mut game = m.game.clone();
    let mut round = Vec::new();
    let mut upcoming = m.redo.upcoming();
    while let Some(mv) = upcoming.next() {
        if !round.is_empty() && !m.controller_of(game.to_move()).is_computer() {
            break;
        }
        if game.play_effect(mv).is_err() {
            break;
        }
        round.push(mv.clone());
        while game.chance_now() {
            match upcoming.next() {
                Some(chance) if game.play_effect(chance).is_ok() => {}
                _ => return round,
            }
        }
        if game.outcome().is_over() {
            break;
        }
    }
    round
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
            game.confirm_label(the_match.legal(), the_match.can_confirm)
        },
        rules: G::RULES,
    };
}
