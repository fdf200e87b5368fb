from uno_tui.cli import main

raise SystemExit(main())
