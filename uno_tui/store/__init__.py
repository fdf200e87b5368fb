"""What lasts: files read and written safely, the autosave, the kept matches, their facts and
the statistics drawn from them. No terminal code."""
