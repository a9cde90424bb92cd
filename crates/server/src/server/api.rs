//! The JSON a lobby reads: the games with their rules options (described once, in each
//! game's `SPECS`, as the command line reads them), a game's options checked with the
//! players they give, the change marker of the list of tables, and one table as it stands.

use super::Server;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_ai::games::AnyGame;
use tabula_rules::options::{Offers, OptionKind, OptionSpec};
use tabula_rules::registry::{self, GameOptions};

/// An option as a lobby's form shows it: `kind` is `switch`, `number`, `choice`, or
/// `hidden` for those a form does not set (repeated values, free text).
fn option_json(spec: &OptionSpec, defaults: &GameOptions) -> Value {
    // `get` says nothing of a default value: a number's default is its first offer.
    let default = defaults
        .get(spec.name)
        .into_iter()
        .next()
        .or_else(|| match spec.kind {
            OptionKind::Number { offers, .. } => match offers {
                Offers::Numbers(numbers, _) => numbers.first().map(u64::to_string),
                Offers::Labelled(labelled) => labelled.first().map(|(n, _)| n.to_string()),
            },
            _ => None,
        })
        .unwrap_or_default();
    let mut out = json!({
        "name": spec.name,
        "help": spec.help,
        "label": if spec.label.is_empty() { spec.name } else { spec.label },
        "default": default,
    });
    let fields = match spec.kind {
        OptionKind::Switch { off, on } => json!({"kind": "switch", "off": off, "on": on}),
        OptionKind::Number { min, max, .. } => json!({"kind": "number", "min": min, "max": max}),
        OptionKind::Choice { values, .. } => json!({
            "kind": "choice",
            "choices": values
                .iter()
                .map(|c| json!({"name": c.name, "shown": if c.shown.is_empty() { c.name } else { c.shown }}))
                .collect::<Vec<_>>(),
        }),
        _ => json!({"kind": "hidden"}),
    };
    if let (Value::Object(out), Value::Object(fields)) = (&mut out, fields) {
        out.extend(fields);
    }
    out
}

/// `/api/games`: every game, its title, summary and rules options. The seed of a game of
/// chance is left out: a server draws every throw afresh.
pub(super) async fn games() -> Response {
    let list: Vec<Value> = registry::GAMES
        .iter()
        .map(|g| {
            let defaults = GameOptions::default_for(g.kind);
            json!({
                "name": g.name,
                "title": g.title,
                "summary": g.summary,
                "chance": g.chance,
                "options": g
                    .options
                    .iter()
                    .filter(|o| o.name != "seed")
                    .map(|o| option_json(o, &defaults))
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    Json(list).into_response()
}

fn refused(why: String) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({"error": why}))).into_response()
}

/// `/api/options?game=NAME&OPTION=VALUE...`: the options set as the command line reads
/// them, checked by the game, in RON (what `create` takes) with the players they give;
/// a 400 with the reason when the game refuses them.
pub(super) async fn options(Query(pairs): Query<Vec<(String, String)>>) -> Response {
    let Some((_, name)) = pairs.iter().find(|(k, _)| k == "game") else {
        return refused("say which game: ?game=NAME".into());
    };
    let kind = match tabula_ai::games::parse_kind(name) {
        Ok(kind) => kind,
        Err(e) => return refused(e.to_string()),
    };
    let mut options = GameOptions::default_for(kind);
    for (option, value) in pairs.iter().filter(|(k, _)| k != "game") {
        if let Err(e) = options.set(option, value) {
            return refused(e.to_string());
        }
    }
    let ron = options.to_ron();
    match AnyGame::from_options(options) {
        Ok(game) => Json(json!({"options": ron, "players": game.player_names()})).into_response(),
        Err(e) => refused(e.to_string()),
    }
}

/// `/api/version`: the change marker ([`Server::changes`]).
pub(super) async fn version(State(server): State<Arc<Server>>) -> Response {
    Json(json!({"version": server.changes()})).into_response()
}

/// `/TABLE/info.json`: the table as it stands (as `welcome` gives it), for a lobby's list
/// of the games it holds seats at.
pub(super) async fn table_info(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
) -> Response {
    match server.table_anywhere(&id).await {
        Some(handle) => Json(handle.table.lock().await.info()).into_response(),
        None => (
            StatusCode::NOT_FOUND,
            Json(json!({"error": format!("no table {id}")})),
        )
            .into_response(),
    }
}
