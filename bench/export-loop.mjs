// export-interference's other client: downloads the monthly export back to back until told to stop
// (SIGTERM), in its own process so that reading ~7 MB answers never stalls the load generator's
// event loop (which would be counted as server latency). Prints how many exports completed.
const [url, cookie] = process.argv.slice(2);
let stopping = false;
let completed = 0;
process.on('SIGTERM', () => (stopping = true));
while (!stopping) {
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) {
    console.error(`export answered ${response.status}`);
    process.exit(1);
  }
  completed += 1;
}
console.log(String(completed));
