//! The moves the seat to move may make now, each with its click path, as the `legal`
//! message gives them to the connections holding that seat (docs/protocol.md): the page
//! lights up and matches clicks from these, and knows no rules of its own.

use crate::protocol::{LegalMove, ServerMessage};
use crate::table::Table;
use tabula_ai::with_game;
use tabula_rules::Game;

/// The spot (and the text) of the chance input due, where one is due: the fence race's
/// die, thrown by the server when asked with a `chance` message.
pub const THROW: &str = "throw";

/// The `legal` message for the seat to move at `table`; `None` once the game is over:
/// every legal move, in the game's notation, with its click path, and the chance input
/// when one is due (the die, beside which the fence race lists drawing a card instead).
pub fn legal(table: &Table) -> Option<ServerMessage> {
    let seat = table.seat_to_move()?;
    let mut moves: Vec<LegalMove> = with_game!(table.game(), g, _k => g
        .click_paths()
        .into_iter()
        .map(|(mv, path)| LegalMove {
            text: g.move_text(&mv),
            path,
            chance: false,
        })
        .collect());
    if table.chance_due() {
        moves.push(LegalMove {
            text: THROW.to_string(),
            path: vec![THROW.to_string()],
            chance: true,
        });
    }
    Some(ServerMessage::Legal {
        seat: table.seats()[seat].player.clone(),
        ply: table.ply(),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seat_to_move_gets_every_legal_move_and_the_die_when_it_is_due() {
        for game in ["war", "camelot", "transport", "fences", "screwball"] {
            let table = Table::new("t1", game, "", None, &[]).expect("a table");
            let Some(ServerMessage::Legal { seat, ply, moves }) = legal(&table) else {
                panic!("{game}: no legal message");
            };
            assert_eq!(ply, 0);
            assert_eq!(seat, table.seats()[0].player);
            let count = with_game!(table.game(), g, _k => g.legal_moves().len());
            assert_eq!(moves.len(), count, "{game}");
            assert!(moves.iter().all(|m| !m.path.is_empty() && !m.chance));
        }
        // The fence race's turn: a fence moved, then the die is due.
        let mut table = Table::new("t2", "fences", "", None, &[]).expect("a table");
        let Some(ServerMessage::Legal { moves, .. }) = legal(&table) else {
            panic!("no legal message");
        };
        let change = table
            .prepare_move(0, &moves[0].text, Some(0))
            .expect("legal");
        table.apply(change);
        let Some(ServerMessage::Legal { moves, ply, .. }) = legal(&table) else {
            panic!("no legal message");
        };
        assert_eq!(ply, 1);
        assert_eq!(
            moves,
            vec![LegalMove {
                text: THROW.into(),
                path: vec![THROW.into()],
                chance: true
            }]
        );
    }

    #[test]
    fn a_card_may_be_drawn_instead_of_the_die_and_no_throw_is_chosen() {
        let options = "(chance_cards: true)";
        let mut table = Table::new("t3", "fences", options, None, &[]).expect("a table");
        let Some(ServerMessage::Legal { moves, .. }) = legal(&table) else {
            panic!("no legal message");
        };
        let change = table
            .prepare_move(0, &moves[0].text, Some(0))
            .expect("legal");
        table.apply(change);
        let Some(ServerMessage::Legal { moves, .. }) = legal(&table) else {
            panic!("no legal message");
        };
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["draw", THROW]);
        let refused = table.prepare_move(0, "throw 6", Some(1)).unwrap_err();
        assert_eq!(refused.code, "illegal");
        let change = table
            .prepare_move(0, "draw", Some(1))
            .expect("a card drawn");
        assert!(change.calls_for_card());
    }
}
