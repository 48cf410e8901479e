use serde::Serialize;
use yew::prelude::*;

use crate::session::Stats;
use crate::ui::browser::save;

/// Saves the game in progress (`game` under `game_key`) and the statistics (under
/// `stats_key`) whenever the snapshot shown (`snapshot`) or the statistics change.
#[hook]
pub fn use_saved_game<T>(game_key: String, stats_key: String, snapshot: u64, game: T, stats: Stats)
where
    T: Serialize + 'static,
{
    use_effect_with((snapshot, stats), move |_| {
        save(&game_key, &game);
        save(&stats_key, &stats);
    });
}
