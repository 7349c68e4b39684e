"""The command line: `gridpuzzles`, `mines` and `mondrian`. It reads the arguments and starts
a shell (the line-mode game, the TUI, the web server) or runs a solver job; it is the only
part that knows every shell."""
