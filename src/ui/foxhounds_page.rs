//! `#/foxhounds`: play the fox or the hounds against the perfect opponent. The worker
//! solves the whole game once (about 0.3 s) and keeps the table; every position asked
//! afterwards is answered from it.

use std::rc::Rc;

use yew::prelude::*;

use super::hooks::{use_solver, Navigator, SolverState};
use super::twoplayer_view::{
    link_problem, outlook, pick_best, short_value, spoken_value, value_word, EvaluatedMove, EvaluationList,
    ShareBox, TwoPlayerToolbar,
};
use crate::games::foxhounds::{FoxAndHounds, Move, Position, Side, Square};
use crate::protocol::{Answer, FoxHoundsAnalysis, Task};
use crate::search::twoplayer::Evaluation;
use crate::share::{LinkError, Route};

const RULES: FoxAndHounds = FoxAndHounds { goal: crate::games::foxhounds::FoxGoal::HoundsRow };

/// The game: every position so far (the current one last), the side the user plays and the
/// piece the user has picked up.
#[derive(Clone, Debug, PartialEq)]
struct Game {
    history: Vec<Position>,
    human: Side,
    selected: Option<Square>,
}

enum Action {
    /// Play `mv` if the game is still at `at` (a stale or illegal move is ignored).
    Play { at: Position, mv: Move },
    /// A click on a square: pick up one of the user's pieces, or move the picked one there.
    Click(Square),
    /// Take back moves until it is the user's turn again.
    Undo,
    /// The starting position, the user playing `human`.
    New { human: Side },
    /// Open a position from a link (the user takes the side to move); `None`: a fresh game.
    Open(Option<Position>),
}

impl Game {
    fn new(human: Side) -> Game {
        Game { history: vec![Position::start()], human, selected: None }
    }

    fn opened(position: Position) -> Game {
        // The user takes the side to move; in a finished game, the side that moved last.
        let human = if Game::is_over(&position) { position.to_move().opponent() } else { position.to_move() };
        Game { history: vec![position], human, selected: None }
    }

    fn current(&self) -> Position {
        *self.history.last().expect("the history holds the starting position")
    }

    fn is_over(position: &Position) -> bool {
        RULES.winner(position).is_some()
    }

    fn your_turn(&self) -> bool {
        let current = self.current();
        !Game::is_over(&current) && current.to_move() == self.human
    }

    /// How many positions stay after an undo, if one is possible.
    fn undo_target(&self) -> Option<usize> {
        (0..self.history.len().saturating_sub(1))
            .rev()
            .find(|&i| self.history[i].to_move() == self.human && !Game::is_over(&self.history[i]))
            .map(|i| i + 1)
    }
}

impl Reducible for Game {
    type Action = Action;

    fn reduce(self: Rc<Game>, action: Action) -> Rc<Game> {
        let mut game = (*self).clone();
        match action {
            Action::Play { at, mv } => match at.play(&RULES, mv) {
                Ok(next) if at == game.current() => {
                    game.history.push(next);
                    game.selected = None;
                }
                _ => return self,
            },
            Action::Click(square) => {
                let current = game.current();
                if !game.your_turn() {
                    return self;
                }
                let mine = match game.human {
                    Side::Fox => current.fox() == square,
                    Side::Hounds => current.hounds().any(|h| h == square),
                };
                let chosen = game.selected.and_then(|from| {
                    current.moves().into_iter().find(|m| m.from() == from && m.to() == square)
                });
                if let Some(mv) = chosen {
                    game.history.push(current.play_unchecked(mv));
                    game.selected = None;
                } else if mine && game.selected != Some(square) {
                    game.selected = Some(square);
                } else {
                    game.selected = None;
                }
            }
            Action::Undo => match game.undo_target() {
                Some(keep) => {
                    game.history.truncate(keep);
                    game.selected = None;
                }
                None => return self,
            },
            Action::New { human } => game = Game::new(human),
            Action::Open(Some(position)) if position != game.current() => game = Game::opened(position),
            Action::Open(None) if game.history.len() > 1 || game.current() != Position::start() => {
                game = Game::new(game.human)
            }
            Action::Open(_) => return self,
        }
        Rc::new(game)
    }
}

fn decode(code: &Option<String>) -> Result<Option<Position>, LinkError> {
    code.as_deref().map(Position::from_code).transpose().map_err(|error| LinkError::BadContent {
        what: "Fox and Hounds position".into(),
        reason: error.to_string(),
    })
}

/// The analysis' moves with the engine's move values, if it is about `position`.
fn evaluated_moves(analysis: &FoxHoundsAnalysis, position: &Position) -> Option<Vec<(Move, Evaluation)>> {
    if analysis.position != position.to_code() {
        return None;
    }
    analysis
        .moves
        .iter()
        .map(|(notation, value)| Some((position.parse_move(notation).ok()?, Evaluation::from(*value))))
        .collect()
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Fox => "fox",
        Side::Hounds => "hounds",
    }
}

#[derive(Properties, PartialEq)]
pub struct FoxHoundsPageProps {
    pub position: Option<String>,
    pub navigator: Navigator,
}

#[component]
pub fn FoxHoundsPage(props: &FoxHoundsPageProps) -> Html {
    let game = use_reducer_eq({
        let opened = decode(&props.position).ok().flatten();
        move || opened.map(Game::opened).unwrap_or_else(|| Game::new(Side::Fox))
    });
    let solver = use_solver();
    let analysis = use_state(|| None::<Rc<FoxHoundsAnalysis>>);
    let failure = use_state(|| None::<String>);
    let show_values = use_state(|| false);
    let problem = use_state(|| None::<LinkError>);
    let current = game.current();
    let over = Game::is_over(&current);

    // A link opened (or the page's own address followed back): open its position.
    {
        let game = game.dispatcher();
        let problem = problem.clone();
        let replaced = props.navigator.was_replaced();
        // The page's own address updates (replaced) follow the game and need nothing.
        use_effect_with(props.position.clone(), move |code| match decode(code) {
            _ if replaced => {}
            Ok(position) => {
                problem.set(None);
                game.dispatch(Action::Open(position));
            }
            Err(error) => {
                problem.set(Some(error));
                game.dispatch(Action::Open(None));
            }
        });
    }
    // The address follows the game, so a reload or a copied address reopens it.
    {
        let navigator = props.navigator.clone();
        use_effect_with(current, move |position| {
            navigator.replace(&Route::FoxHounds { position: Some(position.to_code()) });
        });
    }
    // Every new position is looked up in the worker's table (solved on the first request).
    {
        let solver = solver.clone();
        use_effect_with(current, move |position| {
            if !Game::is_over(position) {
                solver.start(Task::SolveFoxHounds { position: position.to_code() });
            }
        });
    }
    {
        let analysis = analysis.clone();
        let failure = failure.clone();
        use_effect_with((*solver.state).clone(), move |state| match state {
            SolverState::Done { answer: Answer::FoxHoundsEvaluated(found), .. } => {
                failure.set(None);
                analysis.set(Some(Rc::new(found.clone())));
            }
            SolverState::Done { answer: Answer::InvalidInput(reason), .. } => {
                failure.set(Some(reason.clone()))
            }
            _ => {}
        });
    }
    let moves = (*analysis).as_ref().and_then(|analysis| evaluated_moves(analysis, &current));
    // The opponent answers as soon as the table has the position.
    {
        let dispatcher = game.dispatcher();
        let moves = moves.clone();
        use_effect_with((current, game.human, moves.is_some()), move |&(at, human, _)| {
            if Game::is_over(&at) || at.to_move() == human {
                return;
            }
            if let Some(mv) = moves.as_deref().and_then(pick_best) {
                dispatcher.dispatch(Action::Play { at, mv });
            }
        });
    }

    let human = game.human;
    let your_turn = game.your_turn();
    let values_shown = *show_values && your_turn;
    let evaluated = moves.clone().filter(|_| your_turn).unwrap_or_default();
    let targets: Vec<(Square, Option<Evaluation>)> = match game.selected {
        Some(from) => current
            .moves()
            .into_iter()
            .filter(|m| m.from() == from)
            .map(|m| (m.to(), evaluated.iter().find(|(e, _)| *e == m).map(|(_, v)| *v)))
            .collect(),
        None => Vec::new(),
    };

    let status = match RULES.winner(&current) {
        Some(winner) if winner == human => {
            html! { <span data-testid="won">{format!("{}: you won!", win_text(winner))}</span> }
        }
        Some(winner) => {
            html! { <span data-testid="lost">{format!("{}: you lost.", win_text(winner))}</span> }
        }
        None if your_turn => {
            html! { {format!("Your move: you play the {}.", side_name(human))} }
        }
        None => match &*solver.state {
            SolverState::Working { progress, .. } if progress.states > 0 => html! {
                {format!("Solving Fox and Hounds… {} positions so far.", progress.states)}
            },
            _ => {
                html! { {format!("The {} are thinking…", side_name(human.opponent())).replace("fox are", "fox is")} }
            }
        },
    };
    // The opponent's reply, said in the live region.
    let reply = match game.history.as_slice() {
        [.., before, after] if before.to_move() != human => before
            .moves()
            .into_iter()
            .find(|&mv| before.play_unchecked(mv) == *after)
            .map(|mv| format!("The {} played: {mv}.", side_name(human.opponent()))),
        _ => None,
    };
    let outlook = match (&*analysis, values_shown) {
        (Some(found), true) if found.position == current.to_code() => {
            Some(outlook(Evaluation::from(found.value)))
        }
        _ => None,
    };
    let waiting_for_values = values_shown && moves.is_none() && !over;

    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        for file in 0..8 {
            let Some(square) = Square::at(file, rank) else {
                rows.push(html! { <div class="fh-square light" aria-hidden="true"></div> });
                continue;
            };
            let piece = if current.fox() == square {
                Some("fox")
            } else if current.hounds().any(|h| h == square) {
                Some("hound")
            } else {
                None
            };
            let target = targets.iter().find(|(t, _)| *t == square);
            let value = target.and_then(|(_, v)| *v).filter(|_| *show_values);
            let onclick = {
                let game = game.dispatcher();
                Callback::from(move |_| game.dispatch(Action::Click(square)))
            };
            let label = match value {
                Some(value) => {
                    format!("square {square}, {}, {}", piece.unwrap_or("empty"), spoken_value(value))
                }
                None => format!("square {square}, {}", piece.unwrap_or("empty")),
            };
            rows.push(html! {
                <button class={classes!("fh-square", "dark", piece, (game.selected == Some(square)).then_some("selected"),
                        target.map(|_| "target"), value.map(value_word))}
                    aria-label={label} data-square={square.to_string()} data-piece={piece.unwrap_or("")}
                    aria-pressed={(game.selected == Some(square)).to_string()}
                    disabled={!your_turn} {onclick}>
                    { match (piece, value) {
                        (Some("fox"), _) => html! { <span class="piece fox" aria-hidden="true">{"F"}</span> },
                        (Some(_), _) => html! { <span class="piece hound" aria-hidden="true">{"H"}</span> },
                        (None, Some(value)) => html! { <span class="square-value">{short_value(value)}</span> },
                        (None, None) => html! {},
                    } }
                </button>
            });
        }
    }

    let on_new = {
        let game = game.dispatcher();
        Callback::from(move |_| game.dispatch(Action::New { human }))
    };
    let on_undo = {
        let game = game.dispatcher();
        Callback::from(move |_| game.dispatch(Action::Undo))
    };
    let on_side = {
        let game = game.dispatcher();
        Callback::from(move |value: String| {
            let human = if value == "hounds" { Side::Hounds } else { Side::Fox };
            game.dispatch(Action::New { human });
        })
    };
    let on_values = {
        let show_values = show_values.clone();
        Callback::from(move |_| show_values.set(!*show_values))
    };
    let sides = vec![("fox".into(), "the fox (moves first)".into()), ("hounds".into(), "the hounds".into())];
    let side = if human == Side::Fox { "fox" } else { "hounds" };
    let list: Vec<EvaluatedMove> = evaluated
        .iter()
        .map(|&(mv, value)| EvaluatedMove { notation: mv.notation(), text: mv.to_string(), value })
        .collect();

    html! {
        <section class="game twoplayer foxhounds">
            if let Some(error) = (*problem).clone() { {link_problem(&error)} }
            <TwoPlayerToolbar title="Fox and Hounds" {sides} {side} {on_side} {on_new} {on_undo}
                can_undo={game.undo_target().is_some()} show_values={*show_values} {on_values} />
            <p class="rules-note">
                {"The fox wins on reaching rank 1 or when no hound can move; the hounds win by trapping the fox. \
                  Click a piece of yours, then the square to move it to."}
            </p>
            <div class="fh-board" role="group" aria-label="Fox and Hounds board">{ for rows }</div>
            <div role="status" aria-live="polite" class="status">
                if let Some(reply) = reply { <div data-testid="reply">{reply}</div> }
                {status}
                if let Some(reason) = (*failure).clone() {
                    <div class="solver-error" data-testid="solver-error">{reason}</div>
                }
            </div>
            {outlook}
            if waiting_for_values { <p class="outlook">{"Looking the position up…"}</p> }
            if values_shown && moves.is_some() {
                <EvaluationList mover={format!("the {}", side_name(human))} moves={list} />
            }
            <ShareBox route={Route::FoxHounds { position: Some(current.to_code()) }} />
        </section>
    }
}

fn win_text(winner: Side) -> &'static str {
    match winner {
        Side::Fox => "The fox wins",
        Side::Hounds => "The hounds win",
    }
}
