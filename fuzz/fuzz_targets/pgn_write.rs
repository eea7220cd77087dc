#![no_main]

//! The writer on arbitrary PGN: no panic; each game read into a tree and
//! written in export format reads back as one game with the same moves,
//! NAGs and comments (their words), and writes back to the same text; the
//! streaming writer writes the same text from that export; in the
//! python-chess style, the streaming writer writes the raw input as the
//! tree writer writes its trees.

use chessnote::pgn::{GameTree, PgnLeniency, PgnWriter, ReadOptions, Reader, WriteOptions};

/// What a node holds, comments as words (the standard writer's form).
fn content(tree: &GameTree) -> Vec<String> {
    let words = |c: &[String]| -> Vec<String> {
        c.iter()
            .map(|t| {
                t.replace('}', "")
                    .split_ascii_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    tree.descendants(GameTree::ROOT)
        .map(|id| {
            let node = &tree[id];
            format!(
                "{:?} {:?} {:?} {:?} {}",
                node.mv(),
                node.nags,
                words(&node.starting_comments),
                words(&node.comments),
                tree.variations(id).count()
            )
        })
        .collect()
}

fn one(text: &str, options: ReadOptions) -> GameTree {
    let mut trees: Vec<GameTree> = Reader::from_slice_with(text.as_bytes(), options)
        .game_trees()
        .collect();
    assert_eq!(
        trees.len(),
        1,
        "one game written, {} read:\n{text}",
        trees.len()
    );
    trees.pop().unwrap()
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let options = ReadOptions::DEFAULT.with_leniency(PgnLeniency::UciMoves);
    let mut all = String::new();
    let mut python = String::new();
    for tree in Reader::from_slice_with(data, options).game_trees() {
        let text = tree.to_pgn(&WriteOptions::STANDARD);
        let again = one(&text, options);
        assert_eq!(content(&tree), content(&again), "{text}");
        assert_eq!(again.to_pgn(&WriteOptions::STANDARD), text);
        let uci = WriteOptions::STANDARD.notation(chessnote::position::Notation::Uci.into());
        assert_eq!(content(&one(&tree.to_pgn(&uci), options)), content(&again));
        // The python-chess style writes what python-chess writes, which
        // need not read back (tag values unescaped, comments whole, with
        // their line breaks): the streaming writer must write it too.
        if !python.is_empty() {
            python.push('\n');
        }
        python.push_str(&tree.to_pgn(&WriteOptions::PYTHON_CHESS.columns(None)));
        if !all.is_empty() {
            all.push('\n');
        }
        all.push_str(&text);
    }
    let mut writer = PgnWriter::new(WriteOptions::STANDARD).replay(true);
    let mut reader = Reader::from_slice_with(all.as_bytes(), options);
    while reader.read_game(&mut writer).unwrap().is_some() {}
    assert!(
        writer.output() == all,
        "streaming:\n{}\ntree:\n{all}",
        writer.output()
    );
    // And on the raw input, in the python-chess style: the trees' text.
    let mut writer =
        PgnWriter::with_read_options(WriteOptions::PYTHON_CHESS.columns(None), options);
    let mut reader = Reader::from_slice_with(data, options);
    while reader.read_game(&mut writer).unwrap().is_some() {}
    assert!(
        writer.output() == python,
        "streaming:\n{}\ntree:\n{python}",
        writer.output()
    );
});
