from enum import StrEnum


class ListSoldResponse200DataItemSource(StrEnum):
    LISTING = "listing"
    OFFER = "offer"

    def __str__(self) -> str:
        return str(self.value)
