from enum import StrEnum


class MoveTeamGemsBodyDirection(StrEnum):
    FROM_TEAM = "from_team"
    TO_TEAM = "to_team"

    def __str__(self) -> str:
        return str(self.value)
