-- wrk script for scripts/bench-events.sh: every request is one `price_changed` event with an id of
-- its own, for the products of this wrk thread (1,000 products split between the threads), the
-- price alternating between 100.00 and 110.00 so that every change is one. Arguments: the API key.
local threads = {}
local next_thread = 0

function setup(thread)
  thread:set("index", next_thread)
  next_thread = next_thread + 1
  table.insert(threads, thread)
end

function init(args)
  secret = args[1]
  run = args[2]
  counter = 0
  first = index * 500
end

function request()
  counter = counter + 1
  local product = first + counter % 500
  local price = 100 + (math.floor(counter / 500) % 2) * 10
  local body = string.format(
    '{"events":[{"id":"%s-%d-%d","type":"price_changed","product_id":"bench-%d","store_price":"%d.00"}]}',
    run, index, counter, product, price)
  return wrk.format("POST", "/api/v1/events",
    { ["Authorization"] = "Bearer " .. secret, ["Content-Type"] = "application/json" }, body)
end
