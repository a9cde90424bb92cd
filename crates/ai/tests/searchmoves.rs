//! Searching among some moves only (`go searchmoves`, `think --only`): both searches, every
//! style of play and the knowledge-free search answer one of the moves given, in every
//! game; the fence race's "let the chance come" can be one of them; a move that is not
//! legal is refused by name.

use tabula_ai::commands::parse_actions;
use tabula_ai::games::{AnyGame, parse_kind};
use tabula_ai::knowledge::{Blind, Knowledge};
use tabula_ai::search::{Action, Algorithm, SearchGame, Settings, Style, analyse, analyse_among};
use tabula_ai::with_game;
use tabula_rules::Game;

/// The games and modes, each a few moves in.
fn positions() -> Vec<(String, AnyGame)> {
    let mut out = Vec::new();
    for (name, options, moves) in [
        ("war", "", "GM to M2"),
        ("camelot", "", "F7-F8"),
        ("camelot", "(rules: Parker1930)", ""),
        ("screwball", "", ""),
        ("transport", "", ""),
        ("transport", "(mode: Teams)", ""),
        ("fences", "", "fence e2|e3 to a2|a3; throw 4"),
        ("fences", "(players: 4)", ""),
    ] {
        let mut game = AnyGame::new(parse_kind(name).unwrap(), options, None).unwrap();
        game.play_texts(&tabula_ai::games::split_moves(moves))
            .unwrap();
        out.push((format!("{name} {options}"), game));
    }
    out
}

/// Every style of play the levels use, at a small budget.
fn settings(algorithm: Algorithm) -> Vec<Settings> {
    [
        Style::Best,
        Style::Human {
            margin: 0.5,
            temperature: 0.5,
        },
        Style::Intuition { temperature: 1.0 },
    ]
    .into_iter()
    .map(|style| {
        let mut s = Settings::iterations(algorithm, 100, 3);
        s.style = style;
        s
    })
    .collect()
}

/// Searches among `among` and checks that the answer, the root moves and the start of the
/// principal variation are all among them.
fn check_among<G: SearchGame, K: Knowledge<G>>(
    what: &str,
    game: &G,
    knowledge: &K,
    among: &[Action<G::Move>],
) where
    G::Move: std::fmt::Debug,
{
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Mcts] {
        for settings in settings(algorithm) {
            let a = analyse_among(game, knowledge, &settings, Some(among)).unwrap();
            let style = settings.style;
            assert!(
                among.contains(&a.best),
                "{what} {algorithm} {style:?}: {:?}",
                a.best
            );
            assert!(
                a.root.iter().all(|r| among.contains(&r.action)),
                "{what} {algorithm} {style:?}"
            );
            if let Some(first) = a.pv.first() {
                assert!(
                    among.contains(&Action::Play(first.clone())),
                    "{what} {algorithm} {style:?}"
                );
            }
        }
    }
}

#[test]
fn every_search_answers_one_of_the_moves_given() {
    for (what, game) in positions() {
        with_game!(&game, g, k => {
            let moves = g.legal_moves();
            assert!(moves.len() >= 3, "{what}");
            // The last two moves generated, which the searches would seldom choose.
            let among: Vec<_> = moves[moves.len() - 2..]
                .iter()
                .cloned()
                .map(Action::Play)
                .collect();
            check_among(&what, g, &k, &among);
            check_among(&what, g, &Blind, &among);
            // One move: that one, whatever the search thinks of it.
            let worst = &among[..1];
            let a = analyse_among(g, &k, &Settings::iterations(Algorithm::AlphaBeta, 300, 1), Some(worst))
                .unwrap();
            assert_eq!(a.best, worst[0], "{what}");
            assert_eq!(a.root.len(), 1, "{what}");
        });
    }
}

#[test]
fn the_moves_are_read_in_the_game_notation_and_an_illegal_one_is_named() {
    let mut game = AnyGame::new(parse_kind("camelot").unwrap(), "", None).unwrap();
    game.play_texts(&["F7-F8".to_string(), "F10-F9".to_string()])
        .unwrap();
    with_game!(&game, g, _k => {
        let texts = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let among = parse_actions(g, &texts(&["F8xF10xF12", "F8xF10xD12xB10", "F8xF10xF12"])).unwrap();
        assert_eq!(among.len(), 2, "a repeat counts once");
        let e = parse_actions(g, &texts(&["F8xF10xF12", "F8-F9"])).unwrap_err();
        assert_eq!(
            e,
            "\"F8-F9\" is not a legal move here: the piece on F8 has no such move"
        );
        let e = parse_actions(g, &texts(&["Q99"])).unwrap_err();
        assert!(e.starts_with("cannot read \"Q99\""), "{e}");
        let e = parse_actions(g, &[]).unwrap_err();
        assert_eq!(e, "no moves given to search among");
        // The best capture is left out: the search takes the better of the other two.
        let free = analyse(g, &_k, &Settings::iterations(Algorithm::AlphaBeta, 3000, 1)).unwrap();
        assert_eq!(tabula_ai::commands::action_text(g, &free.best), "F8xF10xH12xJ10xJ12");
        let a = analyse_among(g, &_k, &Settings::iterations(Algorithm::AlphaBeta, 3000, 1), Some(&among))
            .unwrap();
        assert!(among.contains(&a.best));
    });
}

#[test]
fn letting_the_chance_come_can_be_the_only_choice() {
    let mut game =
        AnyGame::new(parse_kind("fences").unwrap(), "(chance_cards: true)", None).unwrap();
    game.play_texts(&["fence e2|e3 to a2|a3".to_string()])
        .unwrap();
    with_game!(&game, g, k => {
        // The die is due and drawing a card is a move instead: `throw` lets the die come.
        for text in ["throw", "draw"] {
            let among = parse_actions(g, &[text.to_string()]).unwrap();
            assert_eq!(among[0] == Action::Chance, text == "throw");
            let a = analyse_among(g, &k, &Settings::iterations(Algorithm::Mcts, 100, 1), Some(&among))
                .unwrap();
            assert_eq!(tabula_ai::commands::action_text(g, &a.best), text);
        }
        let e = parse_actions(g, &["throw 4".to_string()]).unwrap_err();
        assert!(e.starts_with("\"throw 4\" is not a legal move here"), "{e}");
    });
}
