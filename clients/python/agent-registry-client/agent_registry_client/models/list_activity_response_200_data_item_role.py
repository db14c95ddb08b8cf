from enum import StrEnum


class ListActivityResponse200DataItemRole(StrEnum):
    BOTH = "both"
    OWNER = "owner"
    PAYER = "payer"

    def __str__(self) -> str:
        return str(self.value)
