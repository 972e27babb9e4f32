/// What a character is to word boundaries: a word's (letters, digits, `_` and `'`), a space,
/// punctuation, or an attachment. Double-click selection and the accessible word unit both ask it.
enum WordCharacterClass: Equatable {
  case word, space, punctuation, attachment

  init(_ character: Character) {
    if character == AttributedText.attachmentCharacter {
      self = .attachment
    } else if character.isWhitespace {
      self = .space
    } else if character.isLetter || character.isNumber || character == "_" || character == "'" {
      self = .word
    } else {
      self = .punctuation
    }
  }
}
