// Fails fast when npm scripts do not run on the pinned Node 24 (the `node` dev dependency).
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is running; the project needs Node 24 (npm install pins it).`);
  process.exit(1);
}
console.log(`node ${process.version}`);
