import Foundation
import SQLKit

/// A multi-row `INSERT … VALUES (…), (…) [ON CONFLICT (id) DO UPDATE SET …]`, the same text in SQLite
/// and PostgreSQL. Integers are written inline — they are Swift integers, never client text — and
/// only text and bytes are bound. sql-kit's builders box, serialize and (in sqlite-kit) dynamically cast every
/// bound value, ≈ 1.5 µs each; a 1,000-event batch binds tens of thousands of values, so this halves
/// the binds and skips the expression trees (measured in docs/benchmarks.md).
struct RowsInsert: SQLExpression {
    enum Value {
        case int(Int64)
        case text(String)
        case bytes(Data)
        case null
        /// SQL of ours written as is (a function call), never input.
        case expression(String)
        /// Text bound and cast to a type of ours (`CAST(? AS tsvector)`).
        case cast(String, type: String)
    }

    let table: String
    let columns: [String]
    var rows: [[Value]] = []
    /// Columns to overwrite from the new row when the key exists; nil for a plain insert.
    var updateOnConflict: [String]?
    /// The unique key `updateOnConflict` applies to.
    var conflictKey: [String]
    /// Whether the rows give an identity column's values themselves (PostgreSQL's `GENERATED
    /// ALWAYS` columns refuse them otherwise).
    var overridingIdentity = false

    init(into table: String, columns: [String], updateOnConflict: [String]? = nil, conflictKey: [String] = ["id"]) {
        self.table = table
        self.columns = columns
        self.updateOnConflict = updateOnConflict
        self.conflictKey = conflictKey
    }

    func serialize(to serializer: inout SQLSerializer) {
        serializer.write("INSERT INTO \(table) (\(columns.joined(separator: ", "))) ")
        if overridingIdentity { serializer.write("OVERRIDING SYSTEM VALUE ") }
        serializer.write("VALUES ")
        for (index, row) in rows.enumerated() {
            serializer.write(index == 0 ? "(" : ", (")
            for (position, value) in row.enumerated() {
                if position > 0 { serializer.write(", ") }
                switch value {
                case .int(let number): serializer.write(String(number))
                case .text(let text): serializer.write(bind: text)
                case .bytes(let bytes): serializer.write(bind: bytes)
                case .null: serializer.write("NULL")
                case .expression(let sql): serializer.write(sql)
                case .cast(let text, let type):
                    serializer.write("CAST(")
                    serializer.write(bind: text)
                    serializer.write(" AS \(type))")
                }
            }
            serializer.write(")")
        }
        if let updateOnConflict {
            let assignments = updateOnConflict.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
            serializer.write(" ON CONFLICT (\(conflictKey.joined(separator: ", "))) DO UPDATE SET \(assignments)")
        }
    }
}

extension Optional where Wrapped == String {
    var sqlValue: RowsInsert.Value { map(RowsInsert.Value.text) ?? .null }
}

extension Optional where Wrapped == Int64 {
    var sqlValue: RowsInsert.Value { map(RowsInsert.Value.int) ?? .null }
}
