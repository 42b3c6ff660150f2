public import ListAdapter

/// The former name of `ListSourceAccess`, the access mode both database
/// sources take (``SQLiteListSource/access`` says what each mode means for a SQLite file).
@available(*, deprecated, renamed: "ListSourceAccess")
public typealias SQLiteAccess = ListSourceAccess

/// The former name of `ListOrdering`, the ordering both database sources take
/// (``SQLiteListSource/Options/ordering`` says what it needs of a SQLite schema).
@available(*, deprecated, renamed: "ListOrdering")
public typealias SQLiteOrdering = ListOrdering
