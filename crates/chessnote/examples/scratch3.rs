use chessnote::pgn::*;
fn main() {
    let data = std::fs::read(std::env::args().nth(1).unwrap()).unwrap();
    let options = ReadOptions::DEFAULT.with_leniency(PgnLeniency::UciMoves);
    let mut all = String::new();
    for tree in Reader::from_slice_with(&data, options).game_trees() {
        if !all.is_empty() {
            all.push('\n');
        }
        all.push_str(&tree.to_pgn(&WriteOptions::STANDARD));
    }
    let mut writer = PgnWriter::new(WriteOptions::STANDARD).replay(true);
    let mut reader = Reader::from_slice_with(all.as_bytes(), options);
    while let Some(e) = reader.read_game(&mut writer).unwrap() {
        for x in e {
            eprintln!("{x}");
        }
    }
    std::fs::write("/tmp/a.txt", &all).unwrap();
    std::fs::write("/tmp/b.txt", writer.output()).unwrap();
}
