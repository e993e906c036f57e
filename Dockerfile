# misi-gen as a container image: Node 20 on Debian bookworm, Debian's Chromium and the
# DejaVu font, the package installed from its `npm pack` tarball, run as a non-root user.
# Every shard and the merge of a cluster run must draw with the same browser build and font
# (the manifest records both and `merge` refuses a mix), so run them all from one image.
#
#   npm pack && docker build -t misi-gen:0.1.0 .        # or: podman build / buildah bud
#   docker run --rm -v "$PWD/out:/work/out" misi-gen:0.1.0 generate --out out --test-share 0.5
#
# scripts/cluster/build-image.sh builds it with buildah and no registry (see docs/scale.md).
FROM docker.io/library/node:20-bookworm-slim

# chromium draws (SwiftShader, no GPU); fonts-dejavu-core is the system fallback font
# (labels use the package's own DejaVuSans.ttf); tini reaps Chromium's processes and
# passes signals on, so a stopped pod or job ends generate cleanly.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium fonts-dejavu-core tini \
 && rm -rf /var/lib/apt/lists/* \
 && printf '%s\n' '# misi-gen: no sandbox inside a container (it needs privileges containers lack;' \
      '# misi-gen turns it off itself only when run as root).' \
      'export CHROMIUM_FLAGS="$CHROMIUM_FLAGS --no-sandbox"' > /etc/chromium.d/misi-gen-no-sandbox

COPY misi-gen-*.tgz /tmp/package/
RUN npm install --global /tmp/package/misi-gen-*.tgz \
 && rm -rf /tmp/package /root/.npm \
 && useradd --create-home --uid 10001 --user-group misi \
 && mkdir -p /work && chown misi:misi /work

# TINI_SUBREAPER: tini reaps orphans also where it is not PID 1 (Apptainer, `docker run --init`).
ENV PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium TINI_SUBREAPER=1
USER misi
WORKDIR /work
# Fails the build when misi-gen cannot find the browser it is to draw with.
RUN misi-gen setup-browser
ENTRYPOINT ["/usr/bin/tini", "--", "misi-gen"]
CMD ["--help"]
