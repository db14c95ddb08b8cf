from enum import StrEnum


class EnableDnsResponse200Sync(StrEnum):
    PENDING = "pending"
    PUBLISHED = "published"

    def __str__(self) -> str:
        return str(self.value)
