//! The match at a server's table kept in step with the server: the moves made here go
//! there, and every move the server accepts (the players' here included) comes back and
//! enters as [`Intent::Confirmed`] (a resignation as [`Intent::Resigned`]), through the same
//! door as every other move.

use crate::net::connection::{News, Remote};
use crate::table::commands::{Feedback, MatchSet};
use crate::table::game_match::{Match, Outgoing};
use crate::table::review::Review;
use crate::table::rules::{GameSystems, Intent, TableRules};
use bevy::prelude::*;
use std::sync::mpsc::TryRecvError;
use tabula_rules::resign::{self, Act};
use tabula_server::protocol::{ClientMessage, Event, EventRecord, ServerMessage};

/// The systems of a server's table for the game `G`.
pub(crate) fn plugin<G: TableRules>(app: &mut App) {
    app.add_systems(
        Update,
        (receive::<G>, send::<G>)
            .chain()
            .before(MatchSet)
            .in_set(GameSystems(G::KIND))
            .run_if(resource_exists::<Remote>),
    );
}

/// Sends the requests made at this screen.
fn send<G: TableRules>(remote: Res<Remote>, mut the_match: ResMut<Match<G>>) {
    let Some(seats) = the_match.remote.as_mut() else {
        return;
    };
    if seats.outbox.is_empty() {
        return;
    }
    for request in seats.outbox.drain(..) {
        let message = match request {
            Outgoing::Move { text, ply } => ClientMessage::Move {
                text,
                ply: Some(ply),
            },
            Outgoing::Chance { ply } => ClientMessage::Chance { ply: Some(ply) },
            Outgoing::Resign { player } => ClientMessage::Resign { seat: Some(player) },
        };
        // A closed link is told by the thread as a lost connection.
        let _ = remote.outgoing.send(message);
    }
}

/// Plays what the server accepted, in order, and tells the players what it says.
fn receive<G: TableRules>(
    remote: Res<Remote>,
    review: Option<Res<Review>>,
    mut the_match: ResMut<Match<G>>,
    mut intents: MessageWriter<Intent<G>>,
) {
    // While an earlier position is looked at, the news waits.
    if review.is_some_and(|r| r.active()) {
        return;
    }
    let mut news = Vec::new();
    {
        let Ok(channel) = remote.news.lock() else {
            return;
        };
        loop {
            match channel.try_recv() {
                Ok(n) => news.push(n),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    news.push(News::Lost("the network thread stopped".into()));
                    break;
                }
            }
        }
    }
    if news.is_empty() {
        return;
    }
    let m = &mut *the_match;
    // Moves are read against the position they follow: several may come in one frame.
    let mut ahead = m.game.clone();
    for item in news {
        match item {
            News::Lost(why) => {
                set_note(m, Some("connection lost: reconnecting...".into()));
                m.feedback = Feedback::error(format!("Lost the table's server: {why}"));
            }
            News::Back => {
                set_note(m, None);
                m.feedback = Feedback::info("Back at the table: caught up with the server");
            }
            News::Message(message) => {
                let records = match *message {
                    ServerMessage::Event { record, .. } => vec![record],
                    ServerMessage::Events { events } => events,
                    ServerMessage::Snapshot { moves, .. } => {
                        follow_snapshot(m, &mut ahead, &moves, &mut intents, &remote);
                        Vec::new()
                    }
                    ServerMessage::Error { message, .. } => {
                        m.feedback = Feedback::error(format!("The server refused: {message}"));
                        Vec::new()
                    }
                    _ => Vec::new(),
                };
                for record in records {
                    take(m, &mut ahead, record, &mut intents, &remote);
                }
            }
        }
    }
}

fn set_note<G: TableRules>(m: &mut Match<G>, note: Option<String>) {
    if let Some(seats) = m.remote.as_mut() {
        seats.note = note;
    }
}

/// One event: a move the table does not have yet is played; a gap asks for the table
/// again.
fn take<G: TableRules>(
    m: &mut Match<G>,
    ahead: &mut G,
    record: EventRecord,
    intents: &mut MessageWriter<Intent<G>>,
    remote: &Remote,
) {
    match record.event {
        Event::Moved { text, ply, .. } => {
            let have = resign::act_count(ahead);
            if ply <= have {
                return;
            }
            if ply > have + 1 {
                // Something was missed: the whole table comes again.
                let _ = remote.outgoing.send(ClientMessage::Watch {
                    since: 0,
                    snapshot: true,
                });
                return;
            }
            play_confirmed(m, ahead, &text, intents);
        }
        Event::Seated { seat, name } => {
            m.feedback = Feedback::info(format!("{name} sits at {seat}"));
        }
        Event::Vacated { seat } => {
            m.feedback = Feedback::info(format!("{seat}'s seat is open again"));
        }
    }
}

fn play_confirmed<G: TableRules>(
    m: &mut Match<G>,
    ahead: &mut G,
    text: &str,
    intents: &mut MessageWriter<Intent<G>>,
) {
    let played = resign::parse_act(ahead, text)
        .map_err(|e| e.to_string())
        .and_then(|act| {
            resign::play_act(ahead, &act)
                .map(|()| act)
                .map_err(|e| e.to_string())
        });
    match played {
        Ok(Act::Move(mv)) => {
            intents.write(Intent::Confirmed(mv));
        }
        Ok(Act::Resign(player)) => {
            intents.write(Intent::Resigned(player));
        }
        Err(why) => {
            // The server's rules and these disagree: say so rather than guess.
            m.feedback = Feedback::error(format!(
                "The server played {text}, which this table cannot follow: {why}"
            ));
        }
    }
}

/// The table as the server has it: the moves this table lacks are played.
fn follow_snapshot<G: TableRules>(
    m: &mut Match<G>,
    ahead: &mut G,
    moves: &[String],
    intents: &mut MessageWriter<Intent<G>>,
    remote: &Remote,
) {
    let have: Vec<String> = {
        let mut replay = ahead.clone();
        let mut back = Vec::new();
        while let Some(act) = resign::undo_act(&mut replay) {
            back.push(act);
        }
        back.into_iter()
            .rev()
            .map(|act| {
                let text = resign::act_text(&replay, &act);
                let _ = resign::play_act(&mut replay, &act);
                text
            })
            .collect()
    };
    if moves.len() < have.len() || moves[..have.len()] != have[..] {
        m.feedback = Feedback::error(format!(
            "This table and the server's ({}) differ; leave and join again",
            remote.url
        ));
        return;
    }
    for text in &moves[have.len()..] {
        play_confirmed(m, ahead, text, intents);
    }
}
