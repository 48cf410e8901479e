//! The contract every registered game keeps, written once and run for each game of the
//! registry (`deckhand::games!`): a game added to the registry is checked here without a line
//! of its own.
//!
//! - random deals hold exactly the game's cards (`Dealing::deck`: whole decks, each card as
//!   often as the deal holds it);
//! - every move of a solver's line replays through the rules, and equals what the matching
//!   gesture gives (a drag from the move's source to its destination, or onto its second
//!   card for a pair, or a click where the move has no destination: the stock);
//! - pile names round-trip;
//! - saved games, deal codes, move lists and links round-trip;
//! - undo restores the position.

use std::collections::HashMap;

use deckhand::deal::SplitMix64;
use deckhand::games::{deal_code, read_deal_code, spots, Game, SolveMode, Tap, Variant, VisitEach};
use deckhand::search::{run_to_end, Outcome};
use deckhand::session::{Control, Start, Stats, Table};
use deckhand::share::Route;
use deckhand::table::{Action, TableState};

/// A few deals of every variant: small numbers, and random ones from the game's random seeds.
fn sample_deals<G: Game>(count: usize) -> Vec<G::Deal> {
    let mut random = SplitMix64::new(G::KEY.len() as u64 * 7919);
    let (low, high) = (*G::RANDOM_SEEDS.start(), *G::RANDOM_SEEDS.end());
    let mut deals = Vec::new();
    for &variant in G::Variant::ALL {
        for index in 0..count {
            let seed = if index == 0 { low.max(1) } else { low + random.below(high - low + 1) };
            deals.push(G::seeded(seed, variant).unwrap_or_else(|| panic!("{}: seed {seed} deals", G::KEY)));
        }
    }
    deals
}

/// The solver's line for `start`, if it finds one within its default budget.
fn solver_line<G: Game>(start: &G::Position) -> Option<Vec<G::Move>> {
    match run_to_end(&mut G::solver(start, SolveMode::Fast), 1 << 16) {
        Outcome::Solved(moves) => Some(moves),
        _ => None,
    }
}

/// Runs the contract for every registered game; the failures, each naming its game.
fn every_game() -> Vec<(&'static str, String)> {
    struct Each(Vec<(&'static str, String)>);
    impl VisitEach for Each {
        fn visit<G: Game>(&mut self) {
            if let Err(problem) = run_contract::<G>() {
                self.0.push((G::KEY, problem));
            }
        }
    }
    let mut each = Each(Vec::new());
    deckhand::games::each(&mut each);
    each.0
}

fn run_contract<G: Game>() -> Result<(), String> {
    cards_once::<G>()?;
    solver_lines_replay_as_gestures::<G>()?;
    Ok(())
}

fn cards_once<G: Game>() -> Result<(), String> {
    for deal in sample_deals::<G>(4) {
        let mut cards = G::cards(&deal.start());
        let mut deck = G::deck(&deal);
        cards.sort_unstable();
        deck.sort_unstable();
        let whole_decks = deck.len() % 52 == 0 && !deck.is_empty() && deck.len() % 13 == 0;
        if cards != deck || !whole_decks {
            let mut counts: HashMap<_, usize> = HashMap::new();
            for card in &cards {
                *counts.entry(*card).or_default() += 1;
            }
            return Err(format!(
                "{}: {} cards, {} distinct, not the deal's {} cards",
                G::title(&deal),
                cards.len(),
                counts.len(),
                deck.len()
            ));
        }
    }
    Ok(())
}

/// Every move of a solver line: the gesture on its spots means the same move; it replays;
/// the line wins; piles named on the way read back; and what is saved and linked part-way
/// reads back; undo after the gesture restores the position.
fn solver_lines_replay_as_gestures<G: Game>() -> Result<(), String> {
    let mut lines = 0;
    for deal in sample_deals::<G>(2) {
        let start = deal.start();
        let name = G::title(&deal);
        piles_round_trip::<G>(&start, &name)?;
        links_round_trip::<G>(&deal, &[], &name)?;
        let Some(line) = solver_line::<G>(&start) else { continue };
        lines += 1;
        let mut position = start.clone();
        let mut table = TableState::<G>::new(deal.clone(), &[], Stats::default());
        for (index, &mv) in line.iter().enumerate() {
            let (from, to) = G::hint_spots(&position, mv);
            let spot = *from.first().ok_or_else(|| format!("{name}: move {} has no source", index + 1))?;
            // A move with two sources and no destination (a Pyramid pair) is a drag of one
            // card onto the other.
            let to = to.or_else(|| from.get(1).map(|other| other.pile));
            let gesture = match to {
                Some(to) => G::intended(&position, spot.pile, spot.depth, to),
                None => match G::tap(&position, spot.pile, spot.depth) {
                    Tap::Play(played) => Ok(played),
                    other => Err(format!("a click means {other:?}")),
                },
            };
            if gesture != Ok(mv) {
                return Err(format!("{name}: move {} `{mv}`: the gesture gives {gesture:?}", index + 1));
            }
            // The same gesture on the table, then Undo: the position comes back.
            let before = table.current().position.clone();
            let action = match to {
                Some(to) => Action::Drop { from: spot, to },
                None => Action::Click(spot),
            };
            if before == position {
                table.apply(action);
                if table.current().position == before {
                    return Err(format!("{name}: move {}: the table did not play the gesture", index + 1));
                }
                table.apply(Action::Control(Control::Undo));
                if table.current().position != before {
                    return Err(format!("{name}: move {}: undo did not restore the position", index + 1));
                }
                table.apply(Action::Play(mv));
            }
            position =
                position.after(mv).map_err(|error| format!("{name}: move {} `{mv}`: {error}", index + 1))?;
            if index % 7 == 0 {
                piles_round_trip::<G>(&position, &name)?;
            }
        }
        if !position.is_won() {
            return Err(format!("{name}: the solver's line does not win"));
        }
        links_round_trip::<G>(&deal, &line[..line.len() / 2], &name)?;
        links_round_trip::<G>(&deal, &line, &name)?;
    }
    if lines == 0 {
        return Err("no sample deal was solved: nothing was checked".into());
    }
    eprintln!("{}: {lines} solver lines replayed as gestures", G::KEY);
    Ok(())
}

fn piles_round_trip<G: Game>(position: &G::Position, name: &str) -> Result<(), String> {
    for spot in spots(&G::layout(position)) {
        let text = spot.pile.to_string();
        if G::parse_pile(&text) != Some(spot.pile) {
            return Err(format!("{name}: pile `{text}` does not read back"));
        }
        if G::pile_label(position, spot.pile, None).is_empty() {
            return Err(format!("{name}: pile `{text}` has no spoken name"));
        }
    }
    Ok(())
}

fn links_round_trip<G: Game>(deal: &G::Deal, moves: &[G::Move], name: &str) -> Result<(), String> {
    let code = deal_code::<G>(deal);
    if read_deal_code::<G>(&code).as_ref() != Ok(deal) {
        return Err(format!("{name}: deal code `{code}` does not read back"));
    }
    let listed = G::moves_code(deal, moves);
    if G::read_moves(&deal.start(), &listed).as_deref() != Ok(moves) {
        return Err(format!("{name}: move list `{listed}` does not read back"));
    }
    let saved = serde_json::to_string(&G::save(deal, moves)).map_err(|e| e.to_string())?;
    let restored = serde_json::from_str(&saved).ok().and_then(G::restore);
    if restored.as_ref().map(|(d, m)| (d, m.as_slice())) != Some((deal, moves)) {
        return Err(format!("{name}: the saved game `{saved}` does not restore"));
    }
    let route = Route::table::<G>(deal, moves);
    let link = route.to_string();
    if Route::parse(&link).as_ref() != Ok(&route) {
        return Err(format!("{name}: link `{link}` does not read back"));
    }
    let Route::Table { deal: path, variant, .. } = &route else {
        return Err(format!("{name}: not a table link"));
    };
    match Route::deal::<G>(path, variant) {
        Ok((Some(read), v)) if read == *deal && v == G::variant(deal) => Ok(()),
        other => Err(format!("{name}: link `{link}` names {other:?}")),
    }
}

#[test]
fn every_registered_game_keeps_the_contract() {
    let broken = every_game();
    assert!(broken.is_empty(), "contract broken: {broken:#?}");
}

#[test]
fn the_registry_lists_each_key_once() {
    let keys = deckhand::games::keys();
    let mut unique = keys.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), keys.len(), "{keys:?}");
    assert!(keys.iter().all(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')));
}

/// Every game and variant gets its own deal of the day: the daily seeds mix in the game's salt
/// plus the variant's index, so those numbers must not meet across games.
#[test]
fn each_game_and_variant_has_its_own_daily_salt() {
    struct Salts(Vec<(u64, &'static str)>);
    impl VisitEach for Salts {
        fn visit<G: Game>(&mut self) {
            for &variant in <G::Variant as deckhand::games::Variant>::ALL {
                let salt = G::DAILY_SALT + deckhand::games::variant_index::<G>(variant);
                self.0.push((salt, G::KEY));
            }
        }
    }
    let mut salts = Salts(Vec::new());
    deckhand::games::each(&mut salts);
    let mut sorted = salts.0.clone();
    sorted.sort_unstable();
    let clashes: Vec<_> = sorted.windows(2).filter(|pair| pair[0].0 == pair[1].0).collect();
    assert!(clashes.is_empty(), "daily salts shared: {clashes:?}");
}
