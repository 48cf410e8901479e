use serde::Serialize;
use yew::prelude::*;

use crate::session::Stats;
use crate::ui::browser::save;

/// Saves the game in progress (what `game` makes, under `game_key`) and the statistics (under
/// `stats_key`) whenever the snapshot shown (`snapshot`) or the statistics change. `game` runs
/// only then, not on every redraw.
#[hook]
pub fn use_saved_game<T, F>(game_key: String, stats_key: String, snapshot: u64, game: F, stats: Stats)
where
    T: Serialize + 'static,
    F: FnOnce() -> T + 'static,
{
    use_effect_with((snapshot, stats), move |_| {
        save(&game_key, &game());
        save(&stats_key, &stats);
    });
}
