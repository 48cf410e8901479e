//! `#/tictactoe`: play X or O against the perfect opponent. Tic-Tac-Toe is small enough
//! (5,478 positions) to solve right here in the page, once per visit.

use std::rc::Rc;

use yew::prelude::*;

use super::hooks::Navigator;
use super::twoplayer_view::{
    link_problem, outlook, pick_best, short_value, spoken_value, value_word, EvaluatedMove, EvaluationList,
    ShareBox, TwoPlayerToolbar,
};
use crate::games::tictactoe::{self, Move, Player, Position, Square, TicTacToe};
use crate::search::retrograde::Solution;
use crate::search::twoplayer::Evaluation;
use crate::share::{LinkError, Route};

/// The game: every position so far (the current one last) and the side the user plays.
#[derive(Clone, Debug, PartialEq)]
struct Game {
    history: Vec<Position>,
    human: Player,
}

enum Action {
    /// Play `mv` if the game is still at `at` (a stale move is ignored).
    Play { at: Position, mv: Move },
    /// Take back moves until it is the user's turn again.
    Undo,
    /// A fresh board, the user playing `human`.
    New { human: Player },
    /// Open a position from a link (the user takes the side to move); `None`: a fresh board.
    Open(Option<Position>),
}

impl Game {
    fn new(human: Player) -> Game {
        Game { history: vec![Position::new()], human }
    }

    fn opened(position: Position) -> Game {
        // The user takes the side to move; in a finished game, the side that moved last.
        let human = if position.is_over() { position.to_move().opponent() } else { position.to_move() };
        Game { history: vec![position], human }
    }

    fn current(&self) -> Position {
        *self.history.last().expect("the history holds the starting position")
    }

    /// How many positions stay after an undo, if one is possible.
    fn undo_target(&self) -> Option<usize> {
        (0..self.history.len().saturating_sub(1))
            .rev()
            .find(|&i| self.history[i].to_move() == self.human && !self.history[i].is_over())
            .map(|i| i + 1)
    }
}

impl Reducible for Game {
    type Action = Action;

    fn reduce(self: Rc<Game>, action: Action) -> Rc<Game> {
        let mut game = (*self).clone();
        match action {
            Action::Play { at, mv } => match at.play(mv) {
                Ok(next) if at == game.current() => game.history.push(next),
                _ => return self,
            },
            Action::Undo => match game.undo_target() {
                Some(keep) => game.history.truncate(keep),
                None => return self,
            },
            Action::New { human } => game = Game::new(human),
            Action::Open(Some(position)) if position != game.current() => game = Game::opened(position),
            Action::Open(None) if game.history.len() > 1 || game.current() != Position::new() => {
                game = Game::new(game.human)
            }
            Action::Open(_) => return self,
        }
        Rc::new(game)
    }
}

fn decode(code: &Option<String>) -> Result<Option<Position>, LinkError> {
    code.as_deref().map(Position::from_code).transpose().map_err(|error| LinkError::BadContent {
        what: "Tic-Tac-Toe position".into(),
        reason: error.to_string(),
    })
}

#[derive(Properties, PartialEq)]
pub struct TicTacToePageProps {
    pub position: Option<String>,
    pub navigator: Navigator,
}

#[component]
pub fn TicTacToePage(props: &TicTacToePageProps) -> Html {
    let solution: Rc<Option<Solution<TicTacToe>>> = use_memo((), |_| tictactoe::solve().ok());
    let game = use_reducer_eq({
        let opened = decode(&props.position).ok().flatten();
        move || opened.map(Game::opened).unwrap_or_else(|| Game::new(Player::X))
    });
    let show_values = use_state(|| false);
    let problem = use_state(|| None::<LinkError>);
    let current = game.current();

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
            navigator.replace(&Route::TicTacToe { position: Some(position.to_code()) });
        });
    }
    // The opponent answers at once.
    {
        let dispatcher = game.dispatcher();
        let solution = solution.clone();
        use_effect_with((current, game.human), move |&(at, human)| {
            if at.is_over() || at.to_move() == human {
                return;
            }
            let choice = (*solution).as_ref().and_then(|s| pick_best(&s.evaluate_moves(&at)?));
            if let Some(mv) = choice {
                dispatcher.dispatch(Action::Play { at, mv });
            }
        });
    }

    let human = game.human;
    let your_turn = !current.is_over() && current.to_move() == human;
    let evaluated: Vec<(Move, Evaluation)> = match (&*solution, your_turn) {
        (Some(solution), true) => solution.evaluate_moves(&current).unwrap_or_default(),
        _ => Vec::new(),
    };
    let value_of = |square: Square| evaluated.iter().find(|(mv, _)| mv.square == square).map(|(_, v)| *v);
    let winning_line = current.winning_line();

    let status = match current.winner() {
        Some(winner) if winner == human => {
            html! { <span data-testid="won">{format!("{winner} wins: you won!")}</span> }
        }
        Some(winner) => html! { <span data-testid="lost">{format!("{winner} wins: you lost.")}</span> },
        None if current.is_over() => html! { <span data-testid="draw">{"A draw: the board is full."}</span> },
        None if your_turn => html! { {format!("Your move: you play {human}.")} },
        None => html! { {format!("{} is thinking…", human.opponent())} },
    };
    // The opponent's reply, said in the live region.
    let reply = match game.history.as_slice() {
        [.., before, after] if before.to_move() != human => Square::all()
            .find(|&square| before.get(square).is_none() && after.get(square).is_some())
            .map(|square| format!("{} played the {}.", human.opponent(), square.name())),
        _ => None,
    };
    let outlook = match (&*solution, your_turn && *show_values) {
        (Some(solution), true) => solution.evaluate(&current).map(outlook),
        _ => None,
    };

    let squares = Square::all().map(|square| {
        let mark = current.get(square);
        let value = value_of(square).filter(|_| *show_values);
        let onclick = {
            let game = game.dispatcher();
            Callback::from(move |_| {
                game.dispatch(Action::Play { at: current, mv: Move { player: human, square } })
            })
        };
        let label = match (mark, value) {
            (Some(player), _) => format!("{}, {player}", square.name()),
            (None, Some(value)) => format!("{}, empty, {}", square.name(), spoken_value(value)),
            (None, None) => format!("{}, empty", square.name()),
        };
        let in_line = winning_line.is_some_and(|line| line.contains(&square));
        html! {
            <button class={classes!("ttt-square", in_line.then_some("in-line"), value.map(value_word))}
                aria-label={label} data-square={square.index().to_string()}
                data-mark={mark.map(|p| p.to_string()).unwrap_or_default()}
                disabled={!your_turn || mark.is_some()} {onclick}>
                { match (mark, value) {
                    (Some(player), _) => html! { <span class="mark">{player.to_string()}</span> },
                    (None, Some(value)) => html! { <span class="square-value">{short_value(value)}</span> },
                    (None, None) => html! {},
                } }
            </button>
        }
    });

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
            let human = if value == "O" { Player::O } else { Player::X };
            game.dispatch(Action::New { human });
        })
    };
    let on_values = {
        let show_values = show_values.clone();
        Callback::from(move |_| show_values.set(!*show_values))
    };
    let sides = vec![("X".into(), "X (first)".into()), ("O".into(), "O (second)".into())];
    let list: Vec<EvaluatedMove> = evaluated
        .iter()
        .map(|&(mv, value)| EvaluatedMove {
            notation: (mv.square.index() + 1).to_string(),
            text: mv.to_string(),
            value,
        })
        .collect();

    html! {
        <section class="game twoplayer tictactoe">
            if let Some(error) = (*problem).clone() { {link_problem(&error)} }
            <TwoPlayerToolbar title="Tic-Tac-Toe" {sides} side={human.to_string()} {on_side} {on_new} {on_undo}
                can_undo={game.undo_target().is_some()} show_values={*show_values} {on_values} />
            <div class="ttt-board" role="group" aria-label="Tic-Tac-Toe board">{ for squares }</div>
            <div role="status" aria-live="polite" class="status">
                if let Some(reply) = reply { <div data-testid="reply">{reply}</div> }
                {status}
            </div>
            {outlook}
            if *show_values && your_turn {
                <EvaluationList mover={human.to_string()} moves={list} />
            }
            <ShareBox route={Route::TicTacToe { position: Some(current.to_code()) }} />
        </section>
    }
}
