dtrace: Linux D 1.0
version=1.0: exit 0
version=1.0.0: exit 0
dtrace: failed to set -x version: Requested version is not supported by compiler
version=1.1: exit 1
dtrace: failed to set -x version: Requested version is not supported by compiler
version=2.0: exit 1
dtrace: failed to set -x version: Version is not properly formatted or is too large
version=1: exit 1
dtrace: failed to set -x version: Version is not properly formatted or is too large
version=1.x: exit 1
dtrace: failed to set -x version: Version is not properly formatted or is too large
version=256.0: exit 1
dtrace: failed to set -x version: Version is not properly formatted or is too large
version=1.4096: exit 1
dtrace: failed to compile script script: [D_PRAGMA_OPTSET] line 1: failed to set option 'version' to '1.6.2': Requested version is not supported by compiler
pragma: exit 1
