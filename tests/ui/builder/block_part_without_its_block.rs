// ANY belongs to GEOSEARCH's `COUNT count [ANY]` block: not without COUNT.
fn main() {
    let _ = typedis::b()
        .geosearch()
        .key("k")
        .frommember("m")
        .byradius_km(1.0)
        .any()
        .build();
}
