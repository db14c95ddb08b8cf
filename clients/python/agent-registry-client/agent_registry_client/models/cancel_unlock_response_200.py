from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cancel_unlock_response_200_status import CancelUnlockResponse200Status
from ..models.cancel_unlock_response_200_statuses_item import CancelUnlockResponse200StatusesItem

if TYPE_CHECKING:
    from ..models.cancel_unlock_response_200_lock_type_0 import CancelUnlockResponse200LockType0
    from ..models.cancel_unlock_response_200_unlock_type_0 import CancelUnlockResponse200UnlockType0


T = TypeVar("T", bound="CancelUnlockResponse200")


@_attrs_define
class CancelUnlockResponse200:
    """
    Attributes:
        status (CancelUnlockResponse200Status):
        domain (str):
        locked (bool):
        lock (CancelUnlockResponse200LockType0 | None): Set: the name refuses every move (423 name_locked)
        statuses (list[CancelUnlockResponse200StatusesItem]): RFC 8056 statuses, as RDAP shows them; [] unlocked
        unlock (CancelUnlockResponse200UnlockType0 | None): The open request to lift the lock, if any
    """

    status: CancelUnlockResponse200Status
    domain: str
    locked: bool
    lock: CancelUnlockResponse200LockType0 | None
    statuses: list[CancelUnlockResponse200StatusesItem]
    unlock: CancelUnlockResponse200UnlockType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.cancel_unlock_response_200_lock_type_0 import CancelUnlockResponse200LockType0  # noqa: PLC0415
        from ..models.cancel_unlock_response_200_unlock_type_0 import CancelUnlockResponse200UnlockType0  # noqa: PLC0415

        status = self.status.value

        domain = self.domain

        locked = self.locked

        lock: dict[str, Any] | None
        if isinstance(self.lock, CancelUnlockResponse200LockType0):
            lock = self.lock.to_dict()
        else:
            lock = self.lock

        statuses = []
        for statuses_item_data in self.statuses:
            statuses_item = statuses_item_data.value
            statuses.append(statuses_item)

        unlock: dict[str, Any] | None
        if isinstance(self.unlock, CancelUnlockResponse200UnlockType0):
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
        from ..models.cancel_unlock_response_200_lock_type_0 import CancelUnlockResponse200LockType0  # noqa: PLC0415
        from ..models.cancel_unlock_response_200_unlock_type_0 import CancelUnlockResponse200UnlockType0  # noqa: PLC0415

        d = dict(src_dict)
        status = CancelUnlockResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        locked = d.pop("locked")

        def _parse_lock(data: object) -> CancelUnlockResponse200LockType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lock_type_0 = CancelUnlockResponse200LockType0.from_dict(data)

                return lock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CancelUnlockResponse200LockType0 | None, data)

        lock = _parse_lock(d.pop("lock"))

        statuses = []
        _statuses = d.pop("statuses")
        for statuses_item_data in _statuses:
            statuses_item = CancelUnlockResponse200StatusesItem(statuses_item_data)

            statuses.append(statuses_item)

        def _parse_unlock(data: object) -> CancelUnlockResponse200UnlockType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                unlock_type_0 = CancelUnlockResponse200UnlockType0.from_dict(data)

                return unlock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CancelUnlockResponse200UnlockType0 | None, data)

        unlock = _parse_unlock(d.pop("unlock"))

        cancel_unlock_response_200 = cls(
            status=status,
            domain=domain,
            locked=locked,
            lock=lock,
            statuses=statuses,
            unlock=unlock,
        )

        return cancel_unlock_response_200
