// Programs whose words are their own data (`echo "git push"`) or their own sub-commands (`aws s3 rm
// --recursive s3://b`), never a program they start: nothing is guessed from them (parse-launch-guess.ts parses
// none of their spaced words; immune-words.ts counts none of their guesses).
export const DATA_WORDS: ReadonlySet<string> = new Set(`echo printf man info whatis apropos help tldr which type whereis logger notify-send wall cowsay figlet banner
  aws gsutil gcloud az mc s3cmd rclone svn hg bzr cvs fossil`.split(/\s+/));
