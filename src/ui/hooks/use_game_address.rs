use yew::prelude::*;

use super::Navigator;
use crate::share::Route;

/// Keeps a table and its address in step: a game the address asks for (`asked`: a link, the
/// back button) becomes an undoable new game through `new_game`, and the address always
/// names the game `shown` (through `route`).
#[hook]
pub fn use_game_address<G>(
    asked: G,
    shown: G,
    new_game: Callback<G>,
    route: fn(&G) -> Route,
    navigator: Navigator,
) where
    G: Clone + PartialEq + 'static,
{
    {
        let shown = shown.clone();
        use_effect_with(asked, move |asked| {
            if *asked != shown {
                new_game.emit(asked.clone());
            }
        });
    }
    use_effect_with(shown, move |shown| navigator.replace(&route(shown)));
}
