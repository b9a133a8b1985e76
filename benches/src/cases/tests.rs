use super::*;

#[test]
fn every_case_decodes_and_typed_cases_agree() {
    let fixtures = fixtures();
    let mut weights: HashMap<&str, (String, usize)> = HashMap::new();
    for c in all() {
        let f = &fixtures[c.fixture];
        let w = (c.run)(&mut Arrival::new(f));
        if c.lib == Lib::Floor {
            assert_eq!(w, f.len(), "{}", c.id());
        }
        if c.lib.is_typed() {
            let (first, expected) = weights.entry(c.fixture).or_insert((c.id(), w));
            assert_eq!(w, *expected, "{} disagrees with {first}", c.id());
        }
    }
    assert_eq!(weights["xrange_1000"].1, 1000);
    assert_eq!(weights["hgetall_100_resp3"].1, 100);
    assert_eq!(weights["lrange_10000"].1, 10_000);
    assert_eq!(weights["bulk_4mib_in_66_chunks"].1, 4 << 20);
    assert_eq!(weights["integer"].1, 1_237_884);
    assert_eq!(weights["ft_search_json_100"].1, fixtures::SEARCH_DOCS);
}

#[test]
fn the_search_shapes_read_every_document() {
    let f = fixtures::ft_search_json();
    let texts = fixtures::search_products();
    let frame = Arrival::new(&f).typedis_frame();
    let results: reply::SearchResults = frame.decode().unwrap();
    assert_eq!(results.total, 100);
    assert_eq!(results.len(), texts.len());
    for (i, (doc, text)) in results.iter().zip(&texts).enumerate() {
        assert_eq!(
            doc.id.as_deref(),
            Some(format!("product:{}", i + 1).as_bytes())
        );
        let borrowed: derived::JsonDoc<'_> = doc.fields.decode().unwrap();
        assert_eq!(borrowed.json, text);
        let owned: derived::ProductDoc = doc.fields.decode().unwrap();
        let expected: derived::Product = serde_json::from_str(text).unwrap();
        assert_eq!(*owned.product, expected);
    }
    let rustis: rustis::commands::FtSearchResult = rustis_typed(&mut Arrival::new(&f));
    assert_eq!(rustis.total_results, 100);
    let row = &rustis.results[99];
    assert_eq!(row.id, "product:100");
    assert_eq!(row.extra_attributes.len(), 1);
    assert_eq!(row.extra_attributes[0].0, "$");
    assert_eq!(row.extra_attributes[0].1, texts[99]);
}

#[test]
fn every_fixture_has_a_floor_and_a_typedis_case() {
    let cases = all();
    for f in fixtures::all() {
        for lib in [Lib::Floor, Lib::Typedis, Lib::RedisRs, Lib::Fred] {
            assert!(
                cases.iter().any(|c| c.fixture == f.name && c.lib == lib),
                "{} has no {} case",
                f.name,
                lib.name()
            );
        }
    }
}

#[test]
fn typedis_reads_the_big_number_exactly() {
    let f = fixtures::big_integer();
    let frame = Arrival::new(&f).typedis_frame();
    assert_eq!(
        frame.decode::<i128>().unwrap(),
        184_467_440_737_095_516_171_234_567_890
    );
}
