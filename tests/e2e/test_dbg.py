import pytest
from tests.e2e.driver import board_message, move_components
from tests.e2e.helpers import open_table

@pytest.mark.asyncio
async def test_dbg(world):
    await world.start_bot()
    await open_table(world, "majesty", join=("bob",))
    b = board_message(world.fake, world.channel)
    s, bt = move_components(b)
    print("SEL", len(s), "BTN", len(bt), b.labels)
