"""A copy of a device profile with some of its kernel parameters changed, for the measurement
scripts beside it (tiles.sh, next.sh), on the GPU machine:

    python3 with_params.py PROFILE OUT [params.X] key=value ... [[params.Y] key=value ...]

Each key=value replaces that key's line in the section named last before it; a key the section
lacks is an error, so that a typo cannot leave the profile as it was."""
import re
import sys


def main():
    source, out, words = sys.argv[1], sys.argv[2], sys.argv[3:]
    text = open(source).read()
    section = None
    for word in words:
        if word.startswith("["):
            section = word
            continue
        key, value = word.split("=", 1)
        start = text.index(section + "\n") + len(section) + 1
        end = text.find("\n[", start)
        end = len(text) if end < 0 else end
        body, count = re.subn(r"^%s = .*$" % re.escape(key), "%s = %s" % (key, value),
                              text[start:end], flags=re.M)
        if count != 1:
            sys.exit("with_params.py: %s has no single %s line" % (section, key))
        text = text[:start] + body + text[end:]
    open(out, "w").write(text)


main()
