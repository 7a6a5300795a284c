/// A word, `->` or `;` of a script line, with its 1-based column.
struct GestureScriptToken: Equatable {
    enum Kind: Equatable { case word, arrow, semicolon }

    var kind: Kind
    var text: Substring
    var column: Int

    /// Splits a line: whitespace separates words; `;` and `->` are tokens of their own; `#` starts a comment.
    static func tokenize(_ line: Substring) -> [GestureScriptToken] {
        var tokens: [GestureScriptToken] = []
        var column = 1
        var index = line.startIndex
        var wordStart: (String.Index, Int)?
        func endWord(at end: String.Index) {
            if let (start, col) = wordStart {
                tokens.append(GestureScriptToken(kind: .word, text: line[start..<end], column: col))
            }
            wordStart = nil
        }
        while index < line.endIndex {
            let c = line[index]
            let next = line.index(after: index)
            if c == "#" { break }
            if c == " " || c == "\t" || c == "\r" {
                endWord(at: index)
            } else if c == ";" {
                endWord(at: index)
                tokens.append(GestureScriptToken(kind: .semicolon, text: line[index..<next], column: column))
            } else if c == "-", next < line.endIndex, line[next] == ">" {
                endWord(at: index)
                let after = line.index(after: next)
                tokens.append(GestureScriptToken(kind: .arrow, text: line[index..<after], column: column))
                index = after
                column += 2
                continue
            } else if wordStart == nil {
                wordStart = (index, column)
            }
            index = next
            column += 1
        }
        endWord(at: index)
        return tokens
    }
}
