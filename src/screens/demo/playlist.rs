//! The scenes a demonstration shows: a playlist from files and folders, each scene checked
//! before the show starts, and the demonstrations shipped with Tabula.

use crate::games::tabletop::{OnTable, TableGame};
use crate::screens::demo::Demo;
use std::path::{Path, PathBuf};
use tabula_rules::scene::{GameKind, SceneFile};

/// Loads and checks every scene of a playlist; the first bad one's error.
pub fn load_playlist(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let files = scene_files(paths);
    if files.is_empty() {
        return Err("no scene files found".into());
    }
    for file in &files {
        SceneFile::load(file)
            .and_then(|s| s.verify())
            .map_err(|e| e.to_string())?;
    }
    Ok(files)
}

/// The show of `playlist[index]` ready to install: the table with the scene's whole main
/// line, and the demo resource.
pub fn prepare(playlist: Vec<PathBuf>, index: usize) -> Result<(TableGame, Demo), String> {
    let path = playlist
        .get(index)
        .ok_or_else(|| {
            format!(
                "--index {index}: the playlist has {} scenes",
                playlist.len()
            )
        })?
        .clone();
    let scene = SceneFile::load(&path).map_err(|e| e.to_string())?;
    let table = TableGame::load_scene(&path, None)?;
    Ok((table, Demo::new(playlist, index, scene)))
}

/// Expands folders into the scene files (`.ron`) they hold, sorted.
pub fn scene_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut inner: Vec<PathBuf> = std::fs::read_dir(path)
                .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            inner.sort();
            let (dirs, files): (Vec<_>, Vec<_>) = inner.into_iter().partition(|p| p.is_dir());
            out.extend(
                files
                    .into_iter()
                    .filter(|p| p.extension().is_some_and(|e| e == "ron")),
            );
            out.extend(scene_files(&dirs));
        } else {
            out.push(path.clone());
        }
    }
    out
}

/// A shipped demonstration scene.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippedScene {
    /// Its file.
    pub path: PathBuf,
    /// Its title.
    pub title: String,
    /// Its game.
    pub game: GameKind,
}

/// The demonstration scenes shipped with Tabula: `scenes/` in the working folder, or beside
/// the program (up to four folders up), or in the source tree it was built from.
pub fn find_demos() -> Vec<ShippedScene> {
    let mut roots = vec![PathBuf::from("scenes")];
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(exe.ancestors().skip(1).take(4).map(|d| d.join("scenes")));
    }
    roots.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes"));
    let Some(root) = roots.into_iter().find(|r| r.is_dir()) else {
        return Vec::new();
    };
    scene_files(&[root])
        .into_iter()
        .filter_map(|path| {
            let file = SceneFile::load(&path).ok()?;
            Some(ShippedScene {
                title: file.scene.title.clone(),
                game: file.scene.game,
                path,
            })
        })
        .collect()
}
