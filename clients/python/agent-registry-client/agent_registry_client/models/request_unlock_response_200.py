from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.request_unlock_response_200_status import RequestUnlockResponse200Status
from ..models.request_unlock_response_200_statuses_item import RequestUnlockResponse200StatusesItem

if TYPE_CHECKING:
    from ..models.request_unlock_response_200_lock_type_0 import RequestUnlockResponse200LockType0
    from ..models.request_unlock_response_200_unlock_type_0 import RequestUnlockResponse200UnlockType0


T = TypeVar("T", bound="RequestUnlockResponse200")


@_attrs_define
class RequestUnlockResponse200:
    """
    Attributes:
        status (RequestUnlockResponse200Status):
        domain (str):
        locked (bool):
        lock (None | RequestUnlockResponse200LockType0): Set: the name refuses every move (423 name_locked)
        statuses (list[RequestUnlockResponse200StatusesItem]): RFC 8056 statuses, as RDAP shows them; [] unlocked
        unlock (None | RequestUnlockResponse200UnlockType0): The open request to lift the lock, if any
    """

    status: RequestUnlockResponse200Status
    domain: str
    locked: bool
    lock: None | RequestUnlockResponse200LockType0
    statuses: list[RequestUnlockResponse200StatusesItem]
    unlock: None | RequestUnlockResponse200UnlockType0

    def to_dict(self) -> dict[str, Any]:
        from ..models.request_unlock_response_200_lock_type_0 import RequestUnlockResponse200LockType0  # noqa: PLC0415
        from ..models.request_unlock_response_200_unlock_type_0 import RequestUnlockResponse200UnlockType0  # noqa: PLC0415

        status = self.status.value

        domain = self.domain

        locked = self.locked

        lock: dict[str, Any] | None
        if isinstance(self.lock, RequestUnlockResponse200LockType0):
            lock = self.lock.to_dict()
        else:
            lock = self.lock

        statuses = []
        for statuses_item_data in self.statuses:
            statuses_item = statuses_item_data.value
            statuses.append(statuses_item)

        unlock: dict[str, Any] | None
        if isinstance(self.unlock, RequestUnlockResponse200UnlockType0):
            unlock = self.unlock.to_dict()
        else:
            unlock = self.unlock

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "locked": locked,
                "lock": lock,
                "statuses": statuses,
                "unlock": unlock,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.request_unlock_response_200_lock_type_0 import RequestUnlockResponse200LockType0  # noqa: PLC0415
        from ..models.request_unlock_response_200_unlock_type_0 import RequestUnlockResponse200UnlockType0  # noqa: PLC0415

        d = dict(src_dict)
        status = RequestUnlockResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        locked = d.pop("locked")

        def _parse_lock(data: object) -> None | RequestUnlockResponse200LockType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lock_type_0 = RequestUnlockResponse200LockType0.from_dict(data)

                return lock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RequestUnlockResponse200LockType0, data)

        lock = _parse_lock(d.pop("lock"))

        statuses = []
        _statuses = d.pop("statuses")
        for statuses_item_data in _statuses:
            statuses_item = RequestUnlockResponse200StatusesItem(statuses_item_data)

            statuses.append(statuses_item)

        def _parse_unlock(data: object) -> None | RequestUnlockResponse200UnlockType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                unlock_type_0 = RequestUnlockResponse200UnlockType0.from_dict(data)

                return unlock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RequestUnlockResponse200UnlockType0, data)

        unlock = _parse_unlock(d.pop("unlock"))

        request_unlock_response_200 = cls(
            status=status,
            domain=domain,
            locked=locked,
            lock=lock,
            statuses=statuses,
            unlock=unlock,
        )

        return request_unlock_response_200
