//! The search's moves. A *talon play* draws (and recycles if needed) exactly to a card that a
//! real sequence of draws can expose, then plays it ([`Part`]); a *step* is one move, or a move
//! together with the moves that use what it leaves ([`Step`], see [`super::chains`]).

use crate::games::klondike::rules::{Move, Position, Undo, COLUMNS};

pub(super) const NO_TALON: u8 = u8::MAX;

/// A move of the search: an ordinary move, or (for waste moves) first bringing the waste to
/// `at` cards, recycling once on the way if `recycle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Part {
    pub(super) mv: Move,
    pub(super) at: u8,
    pub(super) recycle: bool,
}

impl Part {
    pub(super) const fn plain(mv: Move) -> Part {
        Part { mv, at: NO_TALON, recycle: false }
    }
}

/// A search step: one move, or a move together with the move that uses what it leaves (a
/// partial run and a use of the card it uncovers, rule 4; see [`generate`]), and where that
/// use is again such a move, its own use, and so on (rule 19), up to [`CHAIN`] moves more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) first: Part,
    pub(super) second: Option<Part>,
    pub(super) chain: [Option<Part>; CHAIN],
}

/// Rule 19: the most moves a step may add after its second.
pub(super) const CHAIN: usize = 4;

impl Step {
    pub(super) const fn plain(mv: Move) -> Step {
        Step::one(Part::plain(mv))
    }
    pub(super) const fn one(part: Part) -> Step {
        Step { first: part, second: None, chain: [None; CHAIN] }
    }
    pub(super) const fn pair(first: Part, second: Part) -> Step {
        Step { first, second: Some(second), chain: [None; CHAIN] }
    }
    /// Its moves, in order.
    pub(super) fn parts(self) -> impl Iterator<Item = Part> {
        std::iter::once(self.first).chain(self.second).chain(self.chain.into_iter().flatten())
    }
}

/// How to take a part back.
#[derive(Clone, Copy, Debug)]
pub(super) struct PartBack {
    pub(super) undo: Undo,
    pub(super) waste: u8,
    pub(super) recycles: u8,
}

/// How to take a step back.
#[derive(Clone, Copy, Debug)]
pub(super) struct Back {
    pub(super) first: PartBack,
    pub(super) second: Option<PartBack>,
    pub(super) chain: [Option<PartBack>; CHAIN],
}

impl Back {
    /// How to take back each of its step's moves, in the order they were played.
    pub(super) fn parts(self) -> impl Iterator<Item = PartBack> {
        std::iter::once(self.first).chain(self.second).chain(self.chain.into_iter().flatten())
    }
}

/// Whether a step only sends cards home: that never makes a dead end of a position that was
/// not one (fewer cards cover others, more are home).
pub(super) fn only_sends_home(step: Step) -> bool {
    let home = |part: Part| matches!(part.mv, Move::TableauToFoundation { .. } | Move::WasteToFoundation);
    step.parts().all(home)
}

pub(super) fn apply_part(position: &mut Position, part: Part) -> PartBack {
    let (_, waste) = position.talon();
    let recycles = position.recycles();
    if part.at != NO_TALON {
        position.set_pointer(part.at, recycles + part.recycle as u8);
    }
    let undo = position.apply(part.mv);
    PartBack { undo, waste: waste as u8, recycles }
}

pub(super) fn undo_part(position: &mut Position, back: PartBack) {
    position.undo(back.undo);
    position.set_pointer(back.waste, back.recycles);
}

pub(super) fn apply_step(position: &mut Position, step: Step) -> Back {
    let first = apply_part(position, step.first);
    let second = step.second.map(|part| apply_part(position, part));
    let chain = step.chain.map(|part| part.map(|part| apply_part(position, part)));
    Back { first, second, chain }
}

pub(super) fn undo_step(position: &mut Position, back: Back) {
    for part in back.chain.into_iter().rev().flatten() {
        undo_part(position, part);
    }
    if let Some(second) = back.second {
        undo_part(position, second);
    }
    undo_part(position, back.first);
}

/// The moves of `steps` from `start`, expanded into player moves (the draws and recycles of
/// talon plays included), followed by the foundation moves that finish the game.
pub(super) fn solution(start: &Position, steps: impl IntoIterator<Item = Step>) -> Vec<Move> {
    let mut position = *start;
    let mut moves = Vec::new();
    for step in steps {
        for part in step.parts() {
            if part.at != NO_TALON {
                let mut guard = 0;
                while position.talon().1 != part.at as usize && guard < 64 {
                    let mv = if position.stock().is_empty() { Move::Recycle } else { Move::Draw };
                    position.apply(mv);
                    moves.push(mv);
                    guard += 1;
                }
            }
            position.apply(part.mv);
            moves.push(part.mv);
        }
    }
    // Foundation moves from the columns, else from the waste, else a draw or a recycle
    // (see `finishes_alone`: in draw 1 this reaches every talon card).
    let mut guard = 0;
    while !position.is_won() && guard < 2_000 {
        guard += 1;
        let from = (0..COLUMNS).find(|&c| position.top(c).is_some_and(|card| position.fits_foundation(card)));
        let mv = match from {
            Some(from) => Move::TableauToFoundation { from: from as u8 },
            None if position.waste_top().is_some_and(|card| position.fits_foundation(card)) => {
                Move::WasteToFoundation
            }
            None if !position.stock().is_empty() => Move::Draw,
            None if position.check(Move::Recycle).is_ok() => Move::Recycle,
            None => break,
        };
        position.apply(mv);
        moves.push(mv);
    }
    moves
}
