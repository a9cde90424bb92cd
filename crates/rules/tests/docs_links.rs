//! Every relative link in the README and in `docs/` points at a file or folder that exists.
//!
//! The test reads `README.md` and every `.md` file under `docs/`, finds each Markdown link
//! and image target (`[text](target)`, `![alt](target)`) and each reference definition
//! (`[name]: target`), and resolves the relative ones against the folder of the file they
//! stand in. Absolute URLs and links to an anchor of the same page are skipped; an anchor
//! after a path is dropped. Links inside code (fenced blocks and inline spans) are not links.

use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).to_path_buf()
}

/// The Markdown files checked: the README, then every `.md` file under `docs/`.
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut folders = vec![root.join("docs")];
    let mut found = Vec::new();
    while let Some(folder) = folders.pop() {
        let entries = fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", folder.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    files.extend(found);
    files
}

/// The line with inline code spans blanked out, so that links shown as code are not links.
/// A span opens with a run of backticks and closes with a run of the same length; a run
/// that never closes is kept as it is.
fn without_code_spans(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|&&c| c == '`').count();
        let mut j = i + run;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '`' {
                let other = chars[j..].iter().take_while(|&&c| c == '`').count();
                if other == run {
                    close = Some(j);
                    break;
                }
                j += other;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                out.extend(std::iter::repeat_n(' ', end + run - i));
                i = end + run;
            }
            None => {
                out.extend(std::iter::repeat_n('`', run));
                i += run;
            }
        }
    }
    out
}

/// The targets of the inline links and images on one line (code spans already removed).
fn inline_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let (target, used) = if let Some(angled) = after.strip_prefix('<') {
            match angled.find('>') {
                Some(end) => (angled[..end].to_string(), end + 2),
                None => (String::new(), 0),
            }
        } else {
            // Up to the closing parenthesis, allowing balanced ones inside, and stopping
            // at whitespace (a title may follow).
            let mut depth = 0usize;
            let mut end = after.len();
            for (k, c) in after.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = k;
                        break;
                    }
                    ')' => depth -= 1,
                    c if c.is_whitespace() => {
                        end = k;
                        break;
                    }
                    _ => {}
                }
            }
            (after[..end].to_string(), end)
        };
        targets.push(target);
        rest = &after[used..];
    }
    targets
}

/// The target of a reference definition (`[name]: target`), if the line is one.
fn reference_target(line: &str) -> Option<String> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = line.trim_start().strip_prefix('[')?;
    let close = rest.find("]:")?;
    if close == 0 || rest[..close].contains('[') {
        return None;
    }
    let target = rest[close + 2..].split_whitespace().next()?;
    let target = target
        .strip_prefix('<')
        .and_then(|t| t.strip_suffix('>'))
        .unwrap_or(target);
    Some(target.to_string())
}

/// Every link target in a Markdown text, with its line number (from 1).
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<String> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(open) = &fence {
            if trimmed.starts_with(open.as_str()) {
                fence = None;
            }
            continue;
        }
        let marker: String = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect();
        let fence_char = marker.chars().next();
        if marker.len() >= 3 && marker.chars().all(|c| Some(c) == fence_char) {
            fence = Some(marker);
            continue;
        }
        let line = without_code_spans(line);
        for target in inline_targets(&line) {
            out.push((index + 1, target));
        }
        if let Some(target) = reference_target(&line) {
            out.push((index + 1, target));
        }
    }
    out
}

/// Whether a target is an absolute URL (any scheme: `https:`, `mailto:`, ...).
fn is_absolute_url(target: &str) -> bool {
    match target.split_once(':') {
        Some((scheme, _)) => {
            scheme.len() > 1
                && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        }
        None => false,
    }
}

/// `%XX` escapes decoded (as in `my%20file.md`).
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = bytes.get(i + 1..i + 3)
            && hex.iter().all(u8::is_ascii_hexdigit)
            && let Ok(byte) = u8::from_str_radix(&String::from_utf8_lossy(hex), 16)
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The file or folder a relative target names, or `None` for one that is not checked.
fn resolve(root: &Path, file: &Path, target: &str) -> Option<PathBuf> {
    if target.starts_with('#') || is_absolute_url(target) {
        return None;
    }
    let path = target.split(['#', '?']).next().unwrap_or_default();
    let path = percent_decoded(path);
    Some(match path.strip_prefix('/') {
        Some(from_root) => root.join(from_root),
        None => file.parent().unwrap_or(root).join(path),
    })
}

#[test]
fn every_relative_link_in_the_readme_and_docs_points_at_a_file_that_exists() {
    let root = root();
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in markdown_files(&root) {
        let text = fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let shown = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .display()
            .to_string();
        for (line, target) in link_targets(&text) {
            if target.is_empty() {
                broken.push(format!("{shown}:{line}: an empty link target"));
                continue;
            }
            let Some(path) = resolve(&root, &file, &target) else {
                continue;
            };
            checked += 1;
            if !path.exists() {
                broken.push(format!("{shown}:{line}: {target}"));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} broken relative link(s) in the README and docs/:\n{}",
        broken.len(),
        broken.join("\n")
    );
    assert!(
        checked >= 10,
        "only {checked} relative links found: is the link finder still finding links?"
    );
}

#[test]
fn the_link_finder_reads_links_and_skips_code_urls_and_anchors() {
    let text = "\
See [the rules](docs/rules/war.md#moves) and ![a picture](assets/a.png \"title\").
A [site](https://example.org), [mail](mailto:a@b.c), [here](#top), [paren](a_(b).md).
Code is not a link: `[x](nowhere.md)` and ``[y](`nowhere`.md)``.

```text
[z](nowhere.md)
```

[ref]: docs/README.md
";
    let targets: Vec<String> = link_targets(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(
        targets,
        [
            "docs/rules/war.md#moves",
            "assets/a.png",
            "https://example.org",
            "mailto:a@b.c",
            "#top",
            "a_(b).md",
            "docs/README.md",
        ]
    );
    let root = Path::new("/r");
    let file = Path::new("/r/docs/page.md");
    assert_eq!(
        resolve(root, file, "rules/war.md#moves"),
        Some(PathBuf::from("/r/docs/rules/war.md"))
    );
    assert_eq!(
        resolve(root, file, "../assets/my%20file.png"),
        Some(PathBuf::from("/r/docs/../assets/my file.png"))
    );
    assert_eq!(resolve(root, file, "https://example.org/x.md"), None);
    assert_eq!(resolve(root, file, "mailto:a@b.c"), None);
    assert_eq!(resolve(root, file, "#anchor"), None);
}
