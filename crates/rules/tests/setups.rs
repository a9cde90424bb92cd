//! Every game's setups are checked through the `Game` trait: what the rules and the options
//! make impossible is refused with a typed error saying what and where, and a setup read
//! under one set of options is refused by a game under options that do not allow it.

use tabula_rules::Game;
use tabula_rules::camelot::{self, Camelot, CamelotOptions};
use tabula_rules::fences::{self, Fences, FencesOptions};
use tabula_rules::screwball::{self, Screwball, ScrewballOptions};
use tabula_rules::transport::{self, Mode, Transport, TransportOptions};
use tabula_rules::war::{self, War, WarOptions};

#[test]
fn war_setups_are_refused_for_what_cannot_stand() {
    let read = |text: &str| War::parse_setup(text, &WarOptions::default());
    let at_line = |e: war::SetupError| match e {
        war::SetupError::AtLine { error, .. } => *error,
        other => other,
    };
    assert!(matches!(
        read("Red: K at KF2, M at KF2\nBlue: K at G2").map_err(at_line),
        Err(war::SetupError::Occupied { .. })
    ));
    assert!(matches!(
        read("Red: K at KF2, K at GF2\nBlue: K at G2").map_err(at_line),
        Err(war::SetupError::TooMany { max: 1, .. })
    ));
    assert!(matches!(
        read("Red: K at KF2"),
        Err(war::SetupError::NoPieces {
            side: war::Side::Blue
        })
    ));
    assert!(matches!(
        read("Red: K at KF2\nBlue: K at Z2"),
        Err(war::SetupError::Syntax { line: 2, .. })
    ));
    let bad = WarOptions {
        repetition_grace: Some(5000),
        ..WarOptions::default()
    };
    assert!(matches!(
        War::parse_setup("Red: K at KF2\nBlue: K at G2", &bad),
        Err(war::SetupError::Options(_))
    ));
    let pos = read("Red: K at KF2\nBlue: K at G2").unwrap();
    assert!(matches!(
        War::from_setup(pos.clone(), bad),
        Err(war::SetupError::Options(_))
    ));
    assert!(War::from_setup(pos, WarOptions::default()).is_ok());
}

#[test]
fn camelot_setups_are_refused_for_what_cannot_stand() {
    let read = |text: &str| Camelot::parse_setup(text, &CamelotOptions::default());
    assert!(matches!(
        read("White men: D6 D6\nBlack men: D11"),
        Err(camelot::SetupError::Occupied { line: 1, .. })
    ));
    assert!(matches!(
        read("White knights: C6 D7 I7 J6 C7\nBlack men: D11"),
        Err(camelot::SetupError::TooMany {
            line: 1,
            max: 4,
            ..
        })
    ));
    assert!(matches!(
        read("White men: D6\nBlack men: D11\nCastle moves: 3 0"),
        Err(camelot::SetupError::CastleMoves {
            line: Some(3),
            count: 3,
            limit: 2,
            ..
        })
    ));
    // Castle moves the WCF rules allow, refused by a game under the patent's rules.
    let pos = read("White men: D6\nBlack men: D11\nCastle moves: 1 0").unwrap();
    let parker = CamelotOptions {
        rules: camelot::RuleSet::Parker1930,
        ..CamelotOptions::default()
    };
    assert!(matches!(
        Camelot::from_setup(pos.clone(), parker),
        Err(camelot::SetupError::CastleMovesNotCounted { line: None })
    ));
    let strict = CamelotOptions {
        castle_move_limit: 0,
        ..CamelotOptions::default()
    };
    assert!(matches!(
        Camelot::from_setup(pos.clone(), strict),
        Err(camelot::SetupError::CastleMoves { line: None, .. })
    ));
    let bad = CamelotOptions {
        no_progress_moves: Some(0),
        ..CamelotOptions::default()
    };
    assert!(matches!(
        Camelot::from_setup(pos.clone(), bad),
        Err(camelot::SetupError::Options(_))
    ));
    assert!(Camelot::from_setup(pos, CamelotOptions::default()).is_ok());
}

#[test]
fn screwball_setups_are_refused_for_what_cannot_stand() {
    let read = |text: &str| Screwball::parse_setup(text, &ScrewballOptions::default());
    assert!(matches!(
        read("Screws large: a12 a12\nBalls large: e1"),
        Err(screwball::SetupError::Occupied { line: 1, .. })
    ));
    assert!(matches!(
        read("Screws small: a12\nBalls large: e1"),
        Err(screwball::SetupError::WrongSize { line: 1, .. })
    ));
    // Six large screws are allowed by default; a game whose options give four refuses them.
    let six = read("Screws large: a12 b12 h12 j11 d2 f4\nBalls large: e1").unwrap();
    let four = ScrewballOptions {
        large: 4,
        ..ScrewballOptions::default()
    };
    assert!(matches!(
        Screwball::from_setup(six.clone(), four.clone()),
        Err(screwball::SetupError::Counts {
            player: screwball::Player::Screws,
            count: 6,
            owned: 4,
            ..
        })
    ));
    assert!(matches!(
        Screwball::parse_setup(&Screwball::setup_text(&six), &four),
        Err(screwball::SetupError::TooMany { line: 1, .. })
    ));
    let bad = ScrewballOptions {
        large: 200,
        ..ScrewballOptions::default()
    };
    assert!(matches!(
        Screwball::from_setup(six.clone(), bad),
        Err(screwball::SetupError::Options(_))
    ));
    assert!(Screwball::from_setup(six, ScrewballOptions::default()).is_ok());
}

#[test]
fn transport_setups_are_refused_for_what_cannot_stand() {
    let read = |text: &str| Transport::parse_setup(text, &TransportOptions::default());
    assert!(matches!(
        read("Fleet 1: T f1, T g1\nFleet 2: T k11"),
        Err(transport::SetupError::Line { line: 1, .. })
    ));
    assert!(matches!(
        read("Fleet 1: T z1\nFleet 2: T k11"),
        Err(transport::SetupError::Line { line: 1, .. })
    ));
    // A setup of two teams on a 9 x 9 board stands; a game refuses options handicapping a
    // fleet the mode does not have.
    let pos = read("Fleet 1: T a1\nFleet 2: T k11").unwrap();
    let handicapped = TransportOptions {
        handicapped: vec![4],
        ..TransportOptions::default()
    };
    assert!(matches!(
        Transport::from_setup(pos.clone(), handicapped),
        Err(transport::SetupError::Options(_))
    ));
    // The position's size and mode stand over the options'.
    let royal = TransportOptions {
        mode: Mode::Royal,
        size: 15,
        ..TransportOptions::default()
    };
    let game = Transport::from_setup(pos.clone(), royal).unwrap();
    assert_eq!((game.options().mode, game.options().size), (Mode::Two, 11));
    // Every standard setup passes the check.
    for mode in [Mode::Two, Mode::Teams, Mode::Royal] {
        for size in [8, 9, 11, 13, 25] {
            let options = TransportOptions {
                mode,
                size,
                ..TransportOptions::default()
            };
            if let Ok(pos) = transport::Position::standard(&options) {
                let game = Transport::from_setup(pos, options).expect("a standard setup");
                assert!(game.is_standard_setup(), "{mode:?} {size}");
            }
        }
    }
}

#[test]
fn fence_race_layouts_are_refused_for_what_cannot_stand() {
    let options = FencesOptions::default();
    let standard = Fences::new(options.clone()).unwrap();
    let text = Fences::setup_text(&standard);
    let read = |text: &str| Fences::parse_setup(text, &options);
    assert_eq!(read(&text).as_ref(), Ok(standard.start()));
    // Red's pawn in home's block.
    let home_block = text.replacen("Red pawn ", "Red pawn g7 #", 1);
    assert!(matches!(
        read(&home_block),
        Err(fences::SetupError::NotASpace { line: Some(1), .. })
    ));
    let twice = format!("{text}Red pawn a1\n");
    assert!(matches!(
        read(&twice),
        Err(fences::SetupError::TwoPawns { .. })
    ));
    let blue = format!("{text}Blue pawn a1\n");
    assert!(matches!(
        read(&blue),
        Err(fences::SetupError::NotInRace { players: 2, .. })
    ));
    let seventh = format!("{text}Red fences a5|a6\n");
    assert!(matches!(
        read(&seventh),
        Err(fences::SetupError::FenceCount { count: 7, .. })
    ));
    let red_fences = text
        .lines()
        .find(|l| l.starts_with("Red fences"))
        .unwrap()
        .to_string();
    let first_slot = red_fences.split_whitespace().nth(2).unwrap();
    let doubled = text.replace(
        &red_fences,
        &format!("{red_fences}\nGreen fences {first_slot}"),
    );
    assert!(matches!(
        read(&doubled),
        Err(fences::SetupError::TwoFences { .. })
    ));
    let no_pawn: String = text
        .lines()
        .filter(|l| !l.starts_with("Green pawn"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(matches!(
        read(&no_pawn),
        Err(fences::SetupError::NoPawn { .. })
    ));
    let bad = FencesOptions {
        players: 5,
        ..FencesOptions::default()
    };
    assert!(matches!(
        Fences::from_setup(standard.start().clone(), bad),
        Err(fences::SetupError::Options(_))
    ));
    // A layout of two seats refused by a race of four.
    let four = FencesOptions {
        players: 4,
        ..FencesOptions::default()
    };
    assert!(matches!(
        Fences::from_setup(standard.start().clone(), four),
        Err(fences::SetupError::FenceCount { count: 0, .. })
    ));
}
