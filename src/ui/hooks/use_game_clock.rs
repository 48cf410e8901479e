use yew::prelude::*;

use super::use_interval;

/// Seconds since the game `game` got its first move, ticking while `running`; 0 before the
/// first move.
#[hook]
pub fn use_game_clock(game: u64, moved: bool, running: bool) -> u64 {
    let started = use_mut_ref(|| None::<(u64, f64)>);
    let tick = use_state(|| 0u32);
    {
        let tick = tick.clone();
        use_interval(1000, running, Callback::from(move |_| tick.set(tick.wrapping_add(1))));
    }
    let now = js_sys::Date::now();
    let mut started = started.borrow_mut();
    if !moved {
        *started = None;
        return 0;
    }
    let since = match *started {
        Some((id, since)) if id == game => since,
        _ => {
            *started = Some((game, now));
            now
        }
    };
    ((now - since) / 1000.0) as u64
}
