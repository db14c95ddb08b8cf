from enum import StrEnum


class GetDnsRecordsResponse200Sync(StrEnum):
    PENDING = "pending"
    PUBLISHED = "published"

    def __str__(self) -> str:
        return str(self.value)
