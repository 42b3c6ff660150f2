#!/usr/bin/env python3
"""Opens pages of a static DocC site in headless Chromium and fails unless each renders.

    docs-check.py SITE_DIR PAGE [PAGE...] [--screenshots DIR]

SITE_DIR is served on 127.0.0.1 (a port of its own). Each PAGE (a path such as
documentation/listadapter) is loaded in a fresh tab, driven through the DevTools protocol
over a pipe (--remote-debugging-pipe: no port, no extra package), and must: render a
non-empty title (`main h1`) within 60 s, and log no error: no uncaught exception, no
console.error, no failed request (a missing script, style or data file). Prints each page's
title; exits 1 naming what failed.
"""
import functools, http.server, json, os, shutil, subprocess, sys, threading, time

def serve(folder):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server

class Browser:
    def __init__(self):
        import tempfile
        self.profile = tempfile.mkdtemp(prefix="docs-check-profile-")
        exe = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not exe:
            sys.exit("docs-check.py: no chromium on PATH (Debian: apt-get install chromium)")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # The child reads commands on fd 3 and writes replies on fd 4 (moved there through
        # high descriptors, so neither move overwrites the other; subprocess then closes
        # every descriptor but 0-2 and pass_fds).
        def descriptors_3_and_4():
            high_r, high_w = os.dup2(to_child_r, 100), os.dup2(from_child_w, 101)
            os.dup2(high_r, 3); os.dup2(high_w, 4)
        self.proc = subprocess.Popen(
            [exe, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--remote-debugging-pipe", "--window-size=1280,900", f"--user-data-dir={self.profile}",
             "about:blank"],
            pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=descriptors_3_and_4)
        os.close(to_child_r); os.close(from_child_w)
        self.buffer, self.next_id, self.events = b"", 0, []

    def send(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session: message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for reply in self.read(deadline):
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
                self.events.append(reply)
        raise TimeoutError(f"{method}: no reply within {timeout} s")

    def read(self, deadline):
        import select
        ready, _, _ = select.select([self.from_child], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return []
        chunk = os.read(self.from_child, 1 << 20)
        if not chunk:
            raise RuntimeError("chromium closed its pipe")
        self.buffer += chunk
        *messages, self.buffer = self.buffer.split(b"\0")
        return [json.loads(m) for m in messages if m]

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

def problems_in(events, session):
    found = []
    for event in events:
        if event.get("sessionId") != session:
            continue
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            found.append("uncaught: " + (details.get("exception", {}).get("description") or details.get("text", "?")))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            found.append("console.error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            found.append(f"{entry.get('source')}: {entry.get('text')} {entry.get('url', '')}".strip())
    return found

def check(browser, base, page, screenshots):
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Runtime", "Log", "Page"):
        browser.send(f"{domain}.enable", session=session)
    browser.send("Page.navigate", {"url": f"{base}/{page}"}, session=session)
    title, deadline = "", time.monotonic() + 60
    while time.monotonic() < deadline:
        result = browser.send("Runtime.evaluate", {"expression": "(document.querySelector('main h1') || {}).textContent || ''",
                                                   "returnByValue": True}, session=session)
        title = result.get("result", {}).get("value", "").strip()
        if title:
            break
        browser.read(time.monotonic() + 0.2)   # a condition polled, its events kept
    # Let requests the rendered page started finish or fail before reading the log.
    browser.send("Runtime.evaluate", {"expression": "new Promise(r => setTimeout(r, 500))", "awaitPromise": True}, session=session)
    if screenshots:
        import base64
        shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
        path = os.path.join(screenshots, page.strip("/").replace("/", "_") + ".png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    found = problems_in(browser.events, session)
    browser.send("Target.closeTarget", {"targetId": target})
    if not title:
        found.insert(0, "no title rendered within 60 s")
    return title, found

def main():
    args = sys.argv[1:]
    screenshots = None
    if "--screenshots" in args:
        i = args.index("--screenshots"); screenshots = args[i + 1]; del args[i:i + 2]
        os.makedirs(screenshots, exist_ok=True)
    if len(args) < 2:
        sys.exit(__doc__)
    site, pages = args[0], args[1:]
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    browser = Browser()
    failed = False
    try:
        for page in pages:
            title, found = check(browser, base, page, screenshots)
            print(f"docs-check: /{page}: {title or '(nothing rendered)'}")
            for problem in found:
                print(f"  error: {problem}")
            failed |= bool(found)
    finally:
        browser.close()
        server.shutdown()
    sys.exit(1 if failed else 0)

if __name__ == "__main__":
    main()
